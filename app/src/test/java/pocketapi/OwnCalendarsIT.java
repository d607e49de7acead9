package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CALENDARS_DIR with the packaged jar: a file edited while the service runs is answered from within seconds, without a
 * restart; a bad edit keeps the previous version. A bad file at the start: StartupTest.
 */
class OwnCalendarsIT {
    private static final String ALARM = "/api/holidays?type=alarm&y=2026&m=11&d=28&calendar=acme";

    @TempDir
    Path dir;

    @Test
    void a_calendar_edited_while_running_is_swapped_in_and_a_bad_edit_keeps_the_previous_version() throws Exception {
        Path file = dir.resolve("acme.json");
        Files.writeString(file, "{\"week\":\"5\"}");
        try (JarProcess jar = JarProcess.start(Map.of("CALENDARS_DIR", dir.toString()))) {
            assertThat(jar.get(ALARM).body()).isEqualTo("vacation");

            Files.writeString(file, "{\"week\":\"6\"}"); // Saturdays worked from now on
            assertThat(await(jar, "work")).isEqualTo("work");
            assertThat(jar.output()).contains("calendar acme changed from " + file);

            Files.writeString(file, "{\"week\":\"6\",\"days\":["); // half-written
            jar.awaitOutput("calendar acme stays as it was", Duration.ofSeconds(30));
            assertThat(jar.get(ALARM).body()).isEqualTo("work");
            assertThat(jar.output()).contains(file + ": not valid JSON at line 1");

            Files.delete(file);
            assertThat(await(jar, "calendar=acme is not accepted")).contains("the calendars here are exchange");
        }
    }

    /** The answer once it contains {@code expected}, or the last one after 30 s. */
    private static String await(JarProcess jar, String expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String body = jar.get(ALARM).body();
        while (!body.contains(expected) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            body = jar.get(ALARM).body();
        }
        return body;
    }
}
