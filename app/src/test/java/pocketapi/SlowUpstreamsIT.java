package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Upstreams that answer a byte a second hold up no other job: the counters are saved on time, a kill -9 loses none. */
class SlowUpstreamsIT {
    private static final int CALLS = 100;

    @TempDir
    Path dir;

    @Test
    void every_upstream_dripping_a_byte_a_second_holds_up_no_save_and_a_kill_loses_no_saved_call() throws Exception {
        Path stats = dir.resolve("stats.json");
        try (Mirror drip = new Mirror().drip()) {
            Map<String, String> env = new HashMap<>(Map.of(
                    "STATS_FILE",
                    stats.toString(),
                    "STATS_FLUSH_SECONDS",
                    "1",
                    "HOLIDAY_CACHE_DIR",
                    dir.resolve("holidays").toString()));
            for (String url :
                    new String[] {"HOLIDAY_UPDATE_URL", "HOLIDAY_CONFIRM_URL", "TW_UPDATE_URL", "TW_CONFIRM_URL"}) {
                env.put(url, drip.base().toString());
            }
            env.put("HK_UPDATE_URL", drip.base() + "/hk/tc.json");
            env.put("MO_UPDATE_URL", drip.base() + "/mo/holidays.ics");
            try (JarProcess jar = JarProcess.start(env)) {
                for (String region : new String[] {"hk", "mo", "tw"}) {
                    assertThat(jar.get("/api/holidays?type=alarm&region=" + region)
                                    .statusCode())
                            .isEqualTo(200);
                }
                // The updates (the mainland's a second after the start, then the regions' round, on one thread)
                // waiting on a drip; then the calls, and the saves go on, each second, on a thread of their own.
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (drip.requests().isEmpty() && System.nanoTime() - deadline < 0) {
                    Thread.sleep(20);
                }
                assertThat(drip.requests()).isNotEmpty();
                for (int i = 3; i < CALLS; i++) {
                    assertThat(jar.get("/api/holidays?type=alarm").statusCode()).isEqualTo(200);
                }
                CounterFiles.awaitSaved(stats, CALLS);
                jar.process().destroyForcibly(); // kill -9
                jar.process().waitFor();
            }
            // The next start only reads the file: in this JVM, through Main's own start.
            try (InProcess.Service again = InProcess.start(dir, Map.of("STATS_FILE", stats.toString()))) {
                assertThat(new ObjectMapper()
                                .readTree(again.get("/api/info").body())
                                .at("/site/totalRequests")
                                .longValue())
                        .isEqualTo(CALLS + 1);
            }
        }
    }
}
