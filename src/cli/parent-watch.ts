// A service started by a process manager or a shell wrapper (`npm start`) must not outlive it.
const checkEveryMs = 1000;

/**
 * Calls `onGone` once when the process that started this one goes away: an IPC channel that
 * disconnects, or (for any other parent) the parent pid changing, i.e. this process was re-parented
 * to init or a subreaper. A process started by init or as a container's PID 1 has no parent to
 * lose, and is not watched.
 */
export function watchParent(onGone: () => void): () => void {
  const initialParent = process.ppid;
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    stop();
    onGone();
  };
  if (process.connected) process.once('disconnect', fire);
  const timer =
    initialParent > 1
      ? setInterval(() => process.ppid !== initialParent && fire(), checkEveryMs).unref()
      : undefined;
  const stop = () => {
    clearInterval(timer);
    process.off('disconnect', fire);
  };
  return stop;
}
