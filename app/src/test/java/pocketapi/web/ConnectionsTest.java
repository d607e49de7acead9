package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;

/** The Jetty internals pocketapi relies on are compiled against; what the compiler cannot see is checked at start. */
class ConnectionsTest {
    @Test
    void jetty_runs_with_exact_content_types() {
        assertThatCode(Connections::check).doesNotThrowAnyException();
    }

    @Test
    void a_task_of_jetty_that_fails_is_one_counted_line_without_a_stack_trace_and_the_pool_goes_on() throws Exception {
        QueuedThreadPool pool = Connections.threadPool();
        pool.start();
        try (LogCapture log = new LogCapture()) {
            Runnable failing = () -> {
                throw new IllegalStateException("already released");
            };
            // The first failure is told at once; the next two with the next line, a minute later (or at the stop).
            // One at a time: two failing together could both be counted before the first line is written.
            pool.execute(failing);
            assertThat(log.awaitLinesWith("task(s) failed")).hasSize(1);
            CountDownLatch failed = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {
                    failed.countDown();
                    failing.run();
                });
            }
            assertThat(failed.await(5, TimeUnit.SECONDS)).isTrue();
            CountDownLatch ran = new CountDownLatch(1);
            pool.execute(ran::countDown);
            assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.getThreads()).isPositive();
            assertThat(log.lines())
                    .singleElement()
                    .satisfies(line -> assertThat(line)
                            .contains("WARN", "Jetty: 1 task(s) failed")
                            .doesNotContain("already released", "Exception"));
        } finally {
            pool.stop();
        }
    }

    @Test
    void a_task_that_fails_otherwise_is_not_taken_for_jettys_known_slip() throws Exception {
        QueuedThreadPool pool = Connections.threadPool();
        pool.start();
        try (LogCapture log = new LogCapture()) {
            CountDownLatch failed = new CountDownLatch(1);
            pool.execute(() -> {
                failed.countDown();
                throw new IllegalArgumentException("a bug of ours");
            });
            assertThat(failed.await(5, TimeUnit.SECONDS)).isTrue();
            CountDownLatch ran = new CountDownLatch(1);
            pool.execute(ran::countDown);
            assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(log.linesWith("known buffer slip")).isEmpty();
        } finally {
            pool.stop();
        }
    }
}
