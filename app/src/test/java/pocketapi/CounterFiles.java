package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the counters files of a running jar hold, read as an operator would (no code of the
 * service's): complete records only, so a test never counts on a save still being written.
 */
final class CounterFiles {
    private static final Pattern SITE = Pattern.compile("\"site\":\\[(\\d+),");
    private static final Pattern JOURNAL = Pattern.compile("\\{\"g\":\\d+,\"site\":\\[(\\d+),.*,\"crc\":\"[0-9a-f]{8}\"}");
    private static final Pattern BATCH = Pattern.compile(
            "\\{\"instance\":\"([^\"]+)\",\"seq\":(\\d+),\"date\":\"[^\"]+\",\"site\":(\\d+),.*,\"crc\":\"[0-9a-f]{8}\"}");

    private CounterFiles() {
    }

    /**
     * The site total the file store holds: the counters file's (renamed into place only once
     * complete), or that of a later journal record that is complete (its line ended, its check last).
     */
    static long savedTotal(Path stats) throws IOException {
        long total = 0;
        if (Files.exists(stats)) {
            Matcher site = SITE.matcher(Files.readString(stats));
            if (site.find()) {
                total = Long.parseLong(site.group(1));
            }
        }
        for (String line : completeLines(stats.resolveSibling(stats.getFileName() + ".journal"))) {
            Matcher m = JOURNAL.matcher(line);
            if (m.matches()) {
                total = Math.max(total, Long.parseLong(m.group(1)));
            }
        }
        return total;
    }

    /** Waits (at most 20 s) until the file store holds at least {@code calls} calls. */
    static void awaitSaved(Path stats, long calls) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (savedTotal(stats) < calls && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        assertThat(savedTotal(stats)).isGreaterThanOrEqualTo(calls);
    }

    /** The calls Redis mode's pending log holds: its complete records (a batch written twice counts once). */
    static long pendingCalls(Path log) throws IOException {
        Map<String, Long> batches = new HashMap<>();
        for (String line : completeLines(log)) {
            Matcher m = BATCH.matcher(line);
            if (m.matches()) {
                batches.put(m.group(1) + "#" + m.group(2), Long.parseLong(m.group(3)));
            }
        }
        return batches.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The lines of a file that end with a newline (the last piece may be a write under way). */
    private static java.util.List<String> completeLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return java.util.List.of();
        }
        String[] lines = Files.readString(file).split("\n", -1);
        return java.util.List.of(lines).subList(0, lines.length - 1);
    }
}
