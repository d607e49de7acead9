package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The service stays on Javalin's and Jetty's public road: no main class reaches into Javalin's internal state
 * ({@code config.unsafe}, its router) or names a class of an {@code internal} package of Jetty or Javalin, which a
 * minor release may change or remove without a word; nor the JVM's {@code sun.misc} (the cache-line hint it was read
 * for is gone with issue 65: its start-up gain did not hold in two runs).
 */
class PublicApiTest {
    private static final Pattern UNDER = Pattern.compile(
            "config\\.unsafe|\\bunsafe\\.|InternalRouter|org\\.eclipse\\.jetty\\.[a-z0-9.]*\\.internal\\b"
                    + "|io\\.javalin\\.[a-z0-9.]*\\.internal\\b|io\\.javalin\\.router\\.ParsedEndpoint"
                    + "|sun\\.misc");

    @Test
    void no_main_class_reaches_under_javalin_or_jetty() throws IOException {
        List<String> found;
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            found = files.filter(f -> f.toString().endsWith(".java"))
                    .flatMap(PublicApiTest::lines)
                    .filter(line -> UNDER.matcher(line).find())
                    .toList();
        }
        assertThat(found).isEmpty();
    }

    private static Stream<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream().map(line -> file.getFileName() + ": " + line.strip());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
