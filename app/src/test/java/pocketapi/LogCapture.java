package pocketapi;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Captures what the service logs (slf4j-simple writes to whatever {@code System.err} is at the time) while a test runs,
 * and still passes it on (to the test output log: {@link QuietOutput}). Close it to restore the stream.
 */
public final class LogCapture implements AutoCloseable {
    private final PrintStream original = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    public LogCapture() {
        PrintStream tee = new PrintStream(
                new java.io.OutputStream() {
                    @Override
                    public synchronized void write(int b) {
                        captured.write(b);
                        original.write(b);
                    }

                    @Override
                    public synchronized void write(byte[] b, int off, int len) {
                        captured.write(b, off, len);
                        original.write(b, off, len);
                    }
                },
                true,
                StandardCharsets.UTF_8);
        System.setErr(tee);
    }

    /** The lines logged so far. */
    public List<String> lines() {
        synchronized (captured) {
            return captured.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** The lines logged so far that contain {@code text}. */
    public List<String> linesWith(String text) {
        return lines().stream().filter(l -> l.contains(text)).toList();
    }

    /**
     * The lines with {@code text}, once there is one: for a line another thread logs after what the test can see (a
     * connection closed, then the closing logged). Empty after 10 s without one.
     */
    public List<String> awaitLinesWith(String text) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L; // a bound only: it returns as soon as the line is there
        List<String> lines = linesWith(text);
        while (lines.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            lines = linesWith(text);
        }
        return lines;
    }

    @Override
    public void close() {
        System.setErr(original);
    }
}
