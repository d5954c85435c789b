// Run before `npm start` and `npm test`: says which Node the project runs on and refuses an
// unsupported one. npm scripts find the Node 24 LTS of the `node` devDependency first on PATH.
const [major] = process.versions.node.split('.').map(Number);
const MINIMUM = 22;
if (major < MINIMUM) {
  console.error(
    `Node ${process.version} is not supported (end of life). Run through npm (npm start, npm test), ` +
      'which uses the Node LTS installed by `npm install`, or install Node 22 or later.',
  );
  process.exit(1);
}
console.log(
  `Node ${process.version} (${process.execPath.includes('node_modules') ? "the project's own, from the npm package `node`" : 'system'})`,
);
