// The slow-body attack in a process of its own, so its sockets do not share an event loop with the server
// or the client being measured: `fork`ed by attackInChildProcess (slow-body.ts) with the port, the number
// of addresses and the connections per address; it answers the message 'stop' with what happened.

import { attackerAddresses, slowBodyAttack } from './slow-body'

const [port = 0, addresses = 1, perAddress = 1] = process.argv.slice(2).map(Number)
const attack = slowBodyAttack({ port, addresses: attackerAddresses(addresses), perAddress })
process.send?.('started')
process.on('message', (message) => {
  if (message !== 'stop') return
  const endings = [...attack.endings()]
  attack.stop()
  process.send?.({ endings, opened: attack.opened }, () => process.exit(0))
})
// The parent went away: so does the attack.
process.on('disconnect', () => process.exit(0))
