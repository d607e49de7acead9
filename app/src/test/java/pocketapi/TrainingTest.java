package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The training run of {@code --train} (JarIT makes an archive with it on the jar). */
class TrainingTest {
    @Test
    void a_stop_that_outlasts_its_time_out_still_ends_the_training_well() {
        Javalin app = TestApps.app().start("127.0.0.1", 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Training.run(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                env -> new Training.Running() {
                    @Override
                    public int port() {
                        return app.port();
                    }

                    /** As Javalin reports a stop whose graceful part outlasted the server's stop time-out. */
                    @Override
                    public void stop() {
                        app.stop();
                        throw new io.javalin.util.JavalinException(new TimeoutException());
                    }
                });
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("pocketapi: trained on " + Training.PATHS.size() + " requests\n");
    }
}
