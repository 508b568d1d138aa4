// An empty ES module file: the start-up floor of bench.mjs (the first import of a file).
export default 1;
