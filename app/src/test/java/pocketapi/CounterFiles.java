package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the counters files of a running jar hold, read as an operator would (no code of the service's): the file,
 * renamed into place only once complete, and the log's complete lines.
 */
final class CounterFiles {
    private static final Pattern SITE = Pattern.compile("\"site\":\\[(\\d+),");

    private CounterFiles() {}

    /** The site total the files hold: the largest in the file and the log's lines that ended. */
    static long savedTotal(Path stats) throws IOException {
        long total = 0;
        for (Path file : new Path[] {stats, stats.resolveSibling(stats.getFileName() + ".log")}) {
            if (!Files.exists(file)) {
                continue;
            }
            String text = Files.readString(file);
            Matcher site = SITE.matcher(text.substring(0, text.lastIndexOf('\n') + 1));
            while (site.find()) {
                total = Math.max(total, Long.parseLong(site.group(1)));
            }
        }
        return total;
    }

    /** Waits (at most 20 s) until the files hold at least {@code calls} calls. */
    static void awaitSaved(Path stats, long calls) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (savedTotal(stats) < calls && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        assertThat(savedTotal(stats)).isGreaterThanOrEqualTo(calls);
    }
}
