package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.RequiredTools;
import pocketapi.TestApps;
import pocketapi.files.Json;

/**
 * /openapi.json as a linter we did not write reads it: Redocly's CLI (npm {@code @redocly/cli}, the version .ci/run
 * installs) with its recommended rules, on the fullest document the service makes (named pools, the metrics token set).
 * Skipped where the CLI is not installed, unless POCKETAPI_REQUIRE_TOOLS=1 makes that a failure.
 */
class OpenApiLintTest {
    static final String REDOCLY_VERSION = "2.77.0";
    private static final Path REDOCLY = RequiredTools.onPath("redocly");

    @TempDir
    Path dir;

    @Test
    void redoclys_recommended_rules_find_no_error_and_no_warning_in_the_document() throws Exception {
        RequiredTools.requireAs("npm install -g @redocly/cli@" + REDOCLY_VERSION, REDOCLY);
        Path pools = Files.createDirectories(dir.resolve("pools"));
        byte[][] document = new byte[1][];
        TestServer.run(
                TestApps.withNamedPool(pools, Map.of("METRICS_TOKEN", "a-token-of-16-chars-or-more")),
                server -> document[0] = server.get("/openapi.json").body().getBytes(StandardCharsets.UTF_8));
        Path file = Files.write(dir.resolve("openapi.json"), document[0]);
        Path config = Files.writeString(dir.resolve("redocly.yaml"), "extends:\n  - recommended\n");
        ProcessBuilder lint = new ProcessBuilder(
                        REDOCLY.toString(), "lint", "--format=json", "--config=" + config, file.toString())
                .directory(dir.toFile())
                .redirectError(dir.resolve("stderr.txt").toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile());
        // Nothing leaves the machine: no telemetry, no look for a newer version.
        lint.environment().put("REDOCLY_TELEMETRY", "off");
        lint.environment().put("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true");
        Process p = lint.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("redocly lint ends").isTrue();
        String out = Files.readString(dir.resolve("stdout.txt"));
        JsonNode report = Json.mapper().readTree(out.substring(Math.max(0, out.indexOf('{'))));
        List<String> problems = new ArrayList<>();
        for (JsonNode problem : report.path("problems")) {
            problems.add(problem.path("severity").asText() + " "
                    + problem.path("ruleId").asText() + ": "
                    + problem.path("message").asText() + " at "
                    + problem.at("/location/0/pointer").asText());
        }
        System.out.printf(
                "redocly lint: %d errors, %d warnings%n",
                report.at("/totals/errors").asInt(),
                report.at("/totals/warnings").asInt());
        assertThat(problems).as("Redocly's problems").isEmpty();
        assertThat(report.at("/totals/errors").asInt()).isZero();
    }
}
