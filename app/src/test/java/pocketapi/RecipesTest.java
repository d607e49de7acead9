package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recipes (docs/recipes.md) fail safe, run as written: the cron line (by {@code sh}, as cron runs it) and the Home
 * Assistant templates (by Jinja, the engine Home Assistant uses) against the answers the service can give —
 * {@code work}, {@code vacation}, a {@code 400} with its message, and none. Only the exact answer {@code vacation} may
 * skip the job or silence the alarm.
 */
class RecipesTest {
    private static final Path RECIPES = Path.of("docs", "recipes.md");

    @TempDir
    Path dir;

    /** A stand-in for the service answering {@code status} with {@code body}. */
    private static HttpServer answering(int status, String body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders()
                    .set(
                            "Content-Type",
                            status == 200 ? "text/plain; charset=utf-8" : "application/json; charset=utf-8");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return server;
    }

    /** The crontab line of the recipes: its command, after the five time fields. */
    private static String cronCommand() throws IOException {
        Matcher m = Pattern.compile("(?m)^30 6 \\* \\* \\* (.+)$").matcher(Files.readString(RECIPES));
        assertThat(m.find()).as("recipes.md's cron line").isTrue();
        return m.group(1);
    }

    private record Run(boolean jobRan, String stderr) {}

    private Run cron(String base) throws Exception {
        Path marker = dir.resolve("ran");
        Files.deleteIfExists(marker);
        String command = cronCommand()
                .replace("https://api.example.com", base)
                .replace("/usr/local/bin/morning-job", "touch " + marker);
        Process p = new ProcessBuilder("sh", "-c", command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(Files.exists(marker), stderr);
    }

    @Test
    void the_cron_line_runs_the_job_unless_the_answer_is_exactly_vacation_and_shows_the_message() throws Exception {
        String message = "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"today 2027-01-01 is in 2027, whose "
                + "holiday arrangement is not fetched yet; covered: 2020-01-01 to 2026-12-31\"}";
        for (String[] answer : new String[][] {{"200", "work"}, {"200", "vacation"}, {"400", message}, {"503", ""}}) {
            HttpServer server = answering(Integer.parseInt(answer[0]), answer[1]);
            try {
                Run run = cron("http://127.0.0.1:" + server.getAddress().getPort());
                boolean vacation = answer[1].equals("vacation");
                assertThat(run.jobRan()).as(answer[0] + " " + answer[1]).isEqualTo(!vacation);
                if (answer[0].equals("400")) {
                    assertThat(run.stderr()).contains("pocketapi said: " + message);
                } else if (answer[0].equals("200")) {
                    assertThat(run.stderr()).isEmpty();
                }
            } finally {
                server.stop(0);
            }
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Run unreachable = cron("http://127.0.0.1:" + closed);
        assertThat(unreachable.jobRan()).as("the service unreachable").isTrue();
        assertThat(unreachable.stderr()).contains("curl");
    }

    /**
     * The templates of the recipes' Home Assistant block: the sensor's value and availability, the automation's
     * condition.
     */
    private static List<String> haTemplates() throws IOException {
        String readme = Files.readString(RECIPES);
        Matcher block = Pattern.compile("```yaml\n(rest:\n[^`]*)```").matcher(readme);
        assertThat(block.find()).as("recipes.md's Home Assistant block").isTrue();
        List<String> templates = new ArrayList<>();
        Matcher t = Pattern.compile("(?m)^\\s+(?:value_template|availability): \"(.*)\"$")
                .matcher(block.group(1));
        while (t.find()) {
            templates.add(t.group(1));
        }
        assertThat(templates).hasSize(3);
        return templates;
    }

    /**
     * Renders each case {template, value, state} with Jinja, with {@code value} and {@code states(entity)} as Home
     * Assistant gives them; one python3 process for all.
     */
    private static List<String> jinja(List<String[]> cases) throws Exception {
        Process check = new ProcessBuilder("python3", "-c", "import jinja2").start();
        if (check.waitFor() != 0) {
            String why = "python3's jinja2 is not installed (Debian: apt-get install python3-jinja2)";
            if ("1".equals(System.getenv("POCKETAPI_REQUIRE_TOOLS"))) {
                fail(why + " and POCKETAPI_REQUIRE_TOOLS=1");
            }
            Assumptions.abort(why);
        }
        List<String> args = new ArrayList<>(List.of(
                "python3",
                "-c",
                "import sys, jinja2\n"
                        + "a = sys.argv[1:]\n"
                        + "for i in range(0, len(a), 3):\n"
                        + "    s = a[i + 2]\n"
                        + "    out = jinja2.Environment().from_string(a[i]).render(value=a[i + 1], "
                        + "states=lambda e: s)\n"
                        + "    print(out.replace('\\\\', '\\\\\\\\').replace('\\n', '\\\\n'))\n"));
        for (String[] c : cases) {
            args.addAll(List.of(c));
        }
        Process p = new ProcessBuilder(args).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(err).isZero();
        return out.lines().toList();
    }

    @Test
    void the_home_assistant_sensor_is_unavailable_on_any_other_answer_and_the_alarm_rings_unless_vacation()
            throws Exception {
        List<String> t = haTemplates();
        String valueTemplate = t.get(0);
        String availability = t.get(1);
        String condition = t.get(2);
        List<String> others = List.of(
                "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"…\"}", "", "Work", "vacation\n", "<html>");
        List<String[]> cases = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        cases.add(new String[] {valueTemplate, "work", ""});
        expected.add("work");
        cases.add(new String[] {valueTemplate, "vacation", ""});
        expected.add("vacation");
        cases.add(new String[] {availability, "work", ""});
        expected.add("True");
        cases.add(new String[] {availability, "vacation", ""});
        expected.add("True");
        for (String other : others) {
            cases.add(new String[] {availability, other, ""});
            expected.add("False");
            cases.add(new String[] {valueTemplate, other, ""});
            expected.add("None");
        }
        // The automation's condition over every state the sensor can be in: rings unless vacation.
        for (String state : List.of("work", "vacation", "unavailable", "unknown")) {
            cases.add(new String[] {condition, "", state});
            expected.add(state.equals("vacation") ? "False" : "True");
        }
        assertThat(jinja(cases)).containsExactlyElementsOf(expected);
    }
}
