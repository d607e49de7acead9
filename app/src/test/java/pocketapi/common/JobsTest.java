package pocketapi.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;

/** The background jobs: a task that throws keeps its schedule, and says so once. */
class JobsTest {
    private final ScheduledExecutorService thread = Jobs.thread("jobs-test");

    @AfterEach
    void stop() {
        thread.shutdownNow();
    }

    @Test
    void a_task_that_throws_keeps_its_schedule_and_its_failure_is_logged_once() throws Exception {
        CountDownLatch runs = new CountDownLatch(5);
        try (LogCapture log = new LogCapture()) {
            Jobs.every(thread, "the jobs-test task", Duration.ZERO, Duration.ofMillis(1), () -> {
                runs.countDown();
                throw new IllegalStateException("run " + runs.getCount()); // the same failure, in other words
            });
            assertThat(runs.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(log.linesWith("the jobs-test task failed unexpectedly"))
                    .singleElement()
                    .asString()
                    .contains("ERROR", "IllegalStateException: run 4", "it runs again in 1 ms");
        }
    }

    @Test
    void a_failure_of_another_kind_is_logged_and_one_already_told_again_once_a_run_has_worked() throws Exception {
        List<Runnable> script =
                new ArrayList<>(List.of(() -> fail("a"), () -> fail("a"), () -> {}, () -> fail("a"), () -> {
                    throw new IllegalArgumentException("b");
                }));
        AtomicInteger run = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        try (LogCapture log = new LogCapture()) {
            Jobs.every(thread, "the jobs-test script", Duration.ZERO, Duration.ofMillis(1), () -> {
                int n = run.getAndIncrement();
                if (n < script.size()) {
                    script.get(n).run();
                } else {
                    done.countDown();
                }
            });
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(log.linesWith("the jobs-test script failed unexpectedly"))
                    .map(l -> l.replaceFirst(".*\\((java[^)]*)\\).*", "$1"))
                    .containsExactly(
                            "java.lang.IllegalStateException: a",
                            "java.lang.IllegalStateException: a",
                            "java.lang.IllegalArgumentException: b");
        }
    }

    private static void fail(String why) {
        throw new IllegalStateException(why);
    }

    @Test
    void a_task_run_once_that_throws_is_logged() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        try (LogCapture log = new LogCapture()) {
            Jobs.once(thread, "the jobs-test warm-up", Duration.ZERO, () -> {
                ran.countDown();
                throw new IllegalStateException("cold");
            });
            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(log.awaitLinesWith("the jobs-test warm-up failed unexpectedly"))
                    .singleElement()
                    .asString()
                    .contains("IllegalStateException: cold", "it is not run again");
        }
    }

    /** A task scheduled on an executor directly dies silently at its first exception: none is, in main code. */
    @Test
    void every_task_of_the_service_is_scheduled_through_jobs() throws Exception {
        Pattern schedule = Pattern.compile("\\.schedule(WithFixedDelay|AtFixedRate)?\\((?!\\))");
        Path main = Path.of("src/main/java");
        List<String> direct = new ArrayList<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = main.relativize(file).toString();
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = schedule.matcher(lines.get(i));
                    if (m.find()
                            && !name.equals("pocketapi/common/Jobs.java")
                            && !lines.get(i).contains("Jobs.guarded(")) {
                        direct.add(name + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(direct).isEmpty();
    }
}
