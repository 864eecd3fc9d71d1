// Imported first by every entry point (server, worker, operator command). Forecourt runs on Node 24 (22.14
// or later also supported: better-sqlite3 needs Node-API 10; docs/decisions/1551). npm scripts use the Node
// that `npm ci` provisions in node_modules/.bin. Started by an older Node (the system's `node`, say), the
// process stops here with what to do, rather than later inside the native module.

const MINIMUM = [22, 14] as const

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(
    `Forecourt runs on Node 24 (22.14 or later also supported), but this is Node ${process.version} ` +
      `(${process.execPath}). Start it through npm (npm start, npm run worker, npm run deliveries), ` +
      'whose scripts use the Node 24 that npm ci installs in node_modules/.bin, or with node_modules/.bin/node.',
  )
  process.exit(1)
}
