// The hosts a production-mode server started by the measuring scripts must serve (decision 1573): each brand's
// `*.localhost` name, the apply host, and the loopback names the scripts' own checks use.
export const LOCAL_ALLOWED_HOSTS = [
  'localhost',
  '127.0.0.1',
  ...['harbourlend', 'milebroker', 'carfinance', 'scorepal', 'creditlens', 'apply'].map(
    (label) => `${label}.localhost`,
  ),
].join(',')
