package pocketapi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Keeps a passing test run quiet: whatever the service under test logs (slf4j-simple writes to {@code System.err}) and
 * the tests print goes to a file, test by test ({@code target/unit-tests.log}, {@code target/integration-tests.log},
 * written anew each run); a test that fails also has its own output printed on the console after its name, so the lines
 * around a failure are where the failure is. Registered in META-INF/services for every test run.
 */
public final class QuietOutput implements TestExecutionListener {
    static final Path LOG = Path.of(System.getProperty("pocketapi.test.output", "target/tests.log"));
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private PrintStream console;
    private PrintStream consoleErr;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        try {
            Files.deleteIfExists(LOG);
        } catch (IOException e) {
            System.err.println("cannot write " + LOG + ": " + e);
        }
        console = System.out;
        consoleErr = System.err;
        PrintStream captured = new PrintStream(
                new OutputStream() {
                    @Override
                    public void write(int b) {
                        synchronized (buffer) {
                            buffer.write(b);
                        }
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        synchronized (buffer) {
                            buffer.write(b, off, len);
                        }
                    }
                },
                true,
                StandardCharsets.UTF_8);
        System.setOut(captured);
        System.setErr(captured);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        String output;
        synchronized (buffer) {
            output = buffer.toString(StandardCharsets.UTF_8);
            buffer.reset();
        }
        String header = "=== " + test.getDisplayName() + " (" + test.getUniqueId() + "): " + result.getStatus() + "\n";
        try {
            Files.createDirectories(LOG.getParent());
            Files.writeString(
                    LOG, header + output, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            consoleErr.println("cannot write " + LOG + ": " + e);
        }
        if (result.getStatus() == TestExecutionResult.Status.FAILED && !output.isEmpty()) {
            consoleErr.print("Output of the failed " + header + output);
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        System.setOut(console);
        System.setErr(consoleErr);
    }
}
