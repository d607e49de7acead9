package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.common.Utc8;
import pocketapi.counters.Counters;
import pocketapi.counters.CountersModule;
import pocketapi.counters.RedisTesting;
import pocketapi.web.Family;

/**
 * {@code pocketapi --import FILE}, through Main's own entry, in this process: once in file mode and in Redis mode
 * (through two instances' settings), refused while the service holds the counters, and a bad file refused naming its
 * line.
 */
class ImportCommandTest {
    private static final LocalDate TODAY = LocalDate.now(Utc8.OFFSET);

    @TempDir
    Path dir;

    /** What one run of the command said, and its exit code. */
    record Run(int code, String out, String err) {}

    private Run run(Map<String, String> env, String... args) {
        return piped("", env, args);
    }

    private Run piped(String stdin, Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.importFile(
                env,
                List.of(args),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Map<String, String> settings(String instance, String... more) {
        Map<String, String> env = new HashMap<>(
                Map.of("STATS_FILE", dir.resolve(instance + "/stats.json").toString()));
        for (int i = 0; i < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return env;
    }

    /** An export: 5 calls yesterday, 7 on a day the history no longer keeps, 1,000 of no day. */
    private Path export() throws Exception {
        Path file = dir.resolve("hits.csv");
        Files.writeString(
                file, "date,count\n" + TODAY.minusDays(1) + ",5\n" + TODAY.minusDays(500) + ",7\ntotal,1000\n");
        return file;
    }

    @Test
    void an_import_adds_to_the_history_and_totals_once_and_a_second_run_changes_nothing_and_says_so() throws Exception {
        Path file = export();
        Map<String, String> env = settings("a");
        Run first = run(env, "--import", file.toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.err()).isEmpty();
        assertThat(first.out().lines())
                .singleElement()
                .asString()
                .startsWith("imported " + file + " (rows of date,count, sha256:")
                .contains("): 1,012 calls (12 on 2 day(s) from " + TODAY.minusDays(500) + " to " + TODAY.minusDays(1)
                        + ", 1,000 of no day); 1 day(s) before the 400 the history keeps (STATS_HISTORY_DAYS) went into "
                        + "the total alone")
                .endsWith("the site's total is now 1,012 in " + dir.resolve("a/stats.json"));
        for (int again = 0; again < 2; again++) {
            Run second = run(env, "--import", file.toString());
            assertThat(second.code()).isZero();
            assertThat(second.out())
                    .matches(file + " was imported before \\(sha256:[0-9a-f]{12}…\\): nothing " + "changed\n");
            // The service takes the counters over, counts a call, stops: the import stays once.
            CountersModule service = CountersModule.open(Settings.parse(env, List.of()), Clock.systemUTC());
            Counters counters = service.counters();
            assertThat(counters.summary().total()).isEqualTo(1_012 + again);
            Counters.DayCount yesterday = counters.history(2).get(0);
            assertThat(List.of(yesterday.site(), yesterday.imported())).containsExactly(5L, 5L);
            counters.count("203.0.113.1", Family.HOLIDAYS);
            assertThat(service.stop()).isTrue();
        }
    }

    @Test
    void an_import_is_refused_in_one_line_while_the_service_holds_the_counters_and_goes_in_once_it_stopped()
            throws Exception {
        Path file = export();
        Map<String, String> env = settings("a");
        CountersModule service = CountersModule.open(Settings.parse(env, List.of()), Clock.systemUTC());
        Run refused = run(env, "--import", file.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().lines())
                .singleElement()
                .asString()
                .startsWith("ERROR pocketapi: STATS_FILE (--stats-file): " + dir.resolve("a/stats.json")
                        + " is in use by another pocketapi (the service, or an --import under way;");
        assertThat(service.counters().summary().total()).isZero();
        assertThat(service.stop()).isTrue();
        assertThat(run(env, "--import", file.toString()).code()).isZero();
    }

    @Test
    void a_file_that_is_no_export_is_refused_in_one_line_naming_it_and_its_line_and_nothing_is_written()
            throws Exception {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "total,1\n" + TODAY + ",many\n");
        Run bad = run(settings("a"), "--import", file.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err())
                .isEqualTo("ERROR pocketapi: --import: " + file + ":2: \"many\" is not a count: a whole number "
                        + "from 0 to 1000000000000 expected\n");
        assertThat(dir.resolve("a")).doesNotExist();
        Run missing = run(settings("a"), "--import", dir.resolve("nothing.csv").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).startsWith("ERROR pocketapi: --import: cannot read " + dir.resolve("nothing.csv"));
        Run none = run(settings("a"), "--import");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).startsWith("ERROR pocketapi: --import needs one FILE:");
        Run setting = run(settings("a"), "--import", file.toString(), "--stats-history-days", "x");
        assertThat(setting.code()).isEqualTo(2);
        assertThat(setting.err()).startsWith("ERROR pocketapi: STATS_HISTORY_DAYS (--stats-history-days): ");
    }

    @Test
    void standard_input_is_read_for_a_dash_and_named_as_the_command_asks() {
        Run piped = piped("total,42\n", settings("a"), "--import", "-", "--import-name", "/home/me/hits.csv");
        assertThat(piped.code()).as(piped.err()).isZero();
        assertThat(piped.out()).startsWith("imported /home/me/hits.csv (rows of date,count,");
        Run bad = piped("total,x\n", settings("a"), "--import", "-");
        assertThat(bad.err()).startsWith("ERROR pocketapi: --import: standard input:1: \"x\" is not a count");
    }

    @Test
    void in_redis_mode_an_import_through_two_instances_adds_to_the_shared_totals_once_while_they_run()
            throws Exception {
        Path file = export();
        try (RedisServer redis = RedisServer.start();
                RedisTesting.Instance live =
                        RedisTesting.start(redis.url(), dir.resolve("live/stats.json"), Clock.systemUTC(), 100)) {
            live.counters.count("203.0.113.1", Family.HOLIDAYS);
            RedisTesting.await(() -> redis.number("pocketapi:total"), 1);
            Run a = run(settings("a", "STATS_REDIS_URL", redis.url()), "--import", file.toString());
            assertThat(a.code()).as(a.err()).isZero();
            assertThat(a.out()).contains("1,012 calls").contains("added to the shared totals in Redis at ");
            Run b = run(settings("b", "STATS_REDIS_URL", redis.url()), "--import", file.toString());
            assertThat(b.code()).isZero();
            assertThat(b.out()).contains(" was imported before (sha256:");
            assertThat(redis.number("pocketapi:total")).isEqualTo(1_013);
            assertThat(redis.command("HGET pocketapi:history:" + TODAY.minusDays(1) + " imported"))
                    .isEqualTo("5");
            assertThat(redis.command("HLEN pocketapi:imports")).isEqualTo(":1");
            assertThat(RedisTesting.everything(redis)).doesNotContain("hits.csv");
            // A running instance reads the others' part again: the import is in it, once.
            RedisTesting.await(() -> live.counters.summary().total(), 1_013);
            assertThat(live.counters.history(2).get(0).imported()).isEqualTo(5);
        }
    }
}
