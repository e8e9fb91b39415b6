// Progress of a long seed: a live bar on a terminal, a few plain lines otherwise (CI logs, pipes).
import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  /** A new phase with a known amount of work (0 when unknown). */
  phase(name: string, total: number): void;
  advance(done: number): void;
  done(): void;
}

export const silentProgress: Progress = { phase() {}, advance() {}, done() {} };

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) return barProgress(stream);
  return lineProgress((line) => stream.write(`${line}\n`));
}

function barProgress(stream: NodeJS.WriteStream): Progress {
  let bar: SingleBar | null = null;
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  return {
    phase(name, total) {
      stop();
      if (total === 0) {
        stream.write(`${name}...\n`);
        return;
      }
      bar = new SingleBar(
        { format: `${name.padEnd(10)} [{bar}] {percentage}% | {value}/{total} | {duration}s`, stream },
        Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    advance(done) {
      bar?.update(done);
    },
    done: stop,
  };
}

/** One line per phase and per further tenth of it. */
function lineProgress(write: (line: string) => void): Progress {
  let name = '';
  let total = 0;
  let reported = 0;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  return {
    phase(next, nextTotal) {
      name = next;
      total = nextTotal;
      reported = 0;
      write(total > 0 ? `${name}: 0/${total} (${elapsed()})` : `${name}... (${elapsed()})`);
    },
    advance(done) {
      if (total === 0) return;
      const tenth = Math.floor((done * 10) / total);
      if (tenth > reported) {
        reported = tenth;
        write(`${name}: ${done}/${total} (${elapsed()})`);
      }
    },
    done() {},
  };
}
