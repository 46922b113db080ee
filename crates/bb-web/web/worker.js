// Counts a perft off the page's thread, one root move per step, posting
// progress after each; the page stops it with worker.terminate().
import init, { PerftJob } from './pkg/bb_web.js';

const ready = init();

onmessage = async ({ data: { fen, depth } }) => {
  try {
    await ready;
  } catch (error) {
    postMessage({ type: 'error', message: `cannot load bb in the worker: ${error}` });
    return;
  }
  let job;
  try {
    job = new PerftJob(fen, depth);
  } catch (error) {
    postMessage({ type: 'error', message: String(error) });
    return;
  }
  const roots = job.rootMoves();
  const start = performance.now();
  for (let done = 1; ; done++) {
    const step = job.step();
    const elapsed = performance.now() - start;
    if (step.length === 0) {
      postMessage({ type: 'done', done: roots, roots, nodes: job.nodes(), elapsed });
      return;
    }
    postMessage({ type: 'step', uci: step[0], count: step[1], done, roots, nodes: job.nodes(), elapsed });
  }
};
