package pocketapi;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints on the console why a test did not run (Maven otherwise shows only "Skipped: 1" and keeps the reason in the
 * surefire XML). Registered in META-INF/services for every test run.
 */
public final class SkipReporter implements TestExecutionListener {
    /** The console, taken before {@link QuietOutput} (registered after this) sends the output to a file. */
    private java.io.PrintStream console = System.out;

    @Override
    public void testPlanExecutionStarted(org.junit.platform.launcher.TestPlan plan) {
        console = System.out;
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        console.println(line(test.getDisplayName(), reason));
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            console.println(line(
                    test.getDisplayName(),
                    result.getThrowable().map(Throwable::getMessage).orElse("aborted")));
        }
    }

    /** {@code SKIPPED the_page_loads...(): no browser: install Debian's chromium ...} */
    static String line(String test, String reason) {
        String why = reason == null ? "" : reason.replaceFirst("^Assumption failed: ", "");
        return "SKIPPED " + test + ": " + why;
    }
}
