// The peak bench's SMTP sink, in a process of its own (forked by bench.mjs): it accepts every
// message and keeps only counts, sent to the bench four times a second. In the bench's own
// process its parsing of hundreds of mails a second delayed the timers of the web route's paced
// load, and with them the latencies the bench reports as the web's.
import { SMTPServer } from 'smtp-server';

const counts = { messages: 0, connections: 0, errors: 0, first: 0, last: 0 };
/** A time the parent can compare with its own performance.now() (both from the epoch). */
const epochNow = () => performance.timeOrigin + performance.now();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    counts.connections += 1;
    callback();
  },
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      const now = epochNow();
      if (counts.messages === 0) counts.first = now;
      counts.messages += 1;
      counts.last = now;
      callback();
    });
  },
});
// A worker stopping drops its pooled connections: a reset, not a fault of the run.
server.on('error', () => {
  counts.errors += 1;
});
server.listen(0, '127.0.0.1', () => {
  process.send({ port: server.server.address().port, counts });
  const timer = setInterval(() => process.send({ counts }), 250);
  process.on('message', (message) => {
    if (message !== 'close') return;
    clearInterval(timer);
    process.send({ counts }, () => server.close(() => process.exit(0)));
  });
});
