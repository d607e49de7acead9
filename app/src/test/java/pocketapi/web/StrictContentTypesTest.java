package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;

/**
 * Jetty reads the STRICT switch once, when it loads; without it every Content-Type is rewritten. Building the server in
 * a fresh JVM shows the check: without the switch it refuses to start.
 */
class StrictContentTypesTest {

    /** Builds the production wiring and reports what happened. */
    public static void main(String[] args) {
        try {
            TestApps.app();
            System.out.print("built");
        } catch (IllegalStateException e) {
            System.out.print(e.getMessage());
            System.exit(3);
        }
    }

    /** Builds the server in a fresh JVM that was not given the switch. */
    private static String[] runWithoutTheSwitch() throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                StrictContentTypesTest.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new String[] {String.valueOf(process.exitValue()), output};
    }

    @Test
    void the_server_is_not_built_when_jetty_was_loaded_without_strict_content_types() throws Exception {
        String[] without = runWithoutTheSwitch();
        assertThat(without[0]).as(without[1]).isEqualTo("3");
        assertThat(without[1])
                .endsWith("Jetty was loaded without -Dorg.eclipse.jetty.http.HttpGenerator.STRICT=true, "
                        + "so it would rewrite every Content-Type; set it before anything touches Jetty (Main does)");
        // With the switch (this JVM has it, from the test build) the same wiring builds: every HTTP test.
        assertThat(Boolean.getBoolean(HttpApi.STRICT_CONTENT_TYPES)).isTrue();
        TestApps.app();
    }
}
