package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.config.Setting;
import pocketapi.holidays.TestYears;

/**
 * What an operator meets at the command line: --help, --version, --check-holidays, --notify-test, bad settings, a port
 * in use, the access log. Through Main's own entry in this JVM ({@link InProcess}): what is printed, and the exit code
 * the jar exits with. JarIT checks, on the jar, that the code is the process's (a bad setting exits with 2) and that
 * the jar knows its version.
 */
class CommandLineTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"--help", "-h"})
    void help_prints_every_setting_with_its_default_and_exits_0(String flag) {
        InProcess.Outcome help = InProcess.command(Map.of(), flag);
        assertThat(help.code()).hasValue(0);
        for (Setting<?> s : Settings.all()) {
            assertThat(help.out()).contains(s.name(), s.flag());
        }
        assertThat(help.out()).contains("default 8080", "default data/stats.json", "default 100000", "default false");
        assertThat(help.err()).isEmpty();
    }

    @Test
    void version_prints_the_name_and_version_and_exits_0() {
        InProcess.Outcome version = InProcess.command(Map.of(), "--version");
        assertThat(version.code()).hasValue(0);
        assertThat(version.out().lines()).containsExactly("pocketapi " + Main.version());
        assertThat(version.err()).isEmpty();
    }

    @Test
    void every_bad_setting_is_said_at_once_one_line_each_and_nothing_else() {
        try (LogCapture log = new LogCapture()) {
            assertThat(InProcess.refused(
                            dir,
                            Map.of(
                                    "PORT",
                                    "70000",
                                    "ACCESS_LOG",
                                    "yes",
                                    "IMAGE_HOST",
                                    "https://user:secret@img.example.com")))
                    // In the order of the settings' table.
                    .containsExactly(
                            "ERROR pocketapi: PORT (--port): \"70000\" is not accepted; expected a whole "
                                    + "number from 0 to 65535",
                            "ERROR pocketapi: ACCESS_LOG (--access-log): \"yes\" is not accepted; expected "
                                    + "true or false",
                            "ERROR pocketapi: IMAGE_HOST (--image-host): \"https://…@img.example.com\" is "
                                    + "not accepted; expected an "
                                    + "absolute http:// or https:// URL without query or fragment, e.g. "
                                    + "https://img.example.com");
            assertThat(log.lines()).as("logged").isEmpty();
        }
    }

    @Test
    void notify_test_sends_a_test_message_to_each_target_and_exits_0_when_each_took_it() throws Exception {
        com.sun.net.httpserver.HttpServer server =
                com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.createContext("/", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        try {
            InProcess.Outcome sent =
                    InProcess.command(Map.of("NOTIFY_URLS", "feishu+" + url + "/hook/SECRET"), "--notify-test");
            assertThat(sent.code()).hasValue(0);
            assertThat(sent.out().lines()).containsExactly("feishu to 127.0.0.1: HTTP 200 ok");
            assertThat(bodies)
                    .singleElement()
                    .asString()
                    .startsWith("{\"msg_type\":\"text\",\"content\":{\"text\":\"pocketapi 测试");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void a_port_in_use_is_said_in_words_and_the_start_stops() throws Exception {
        try (java.net.ServerSocket taken =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            assertThat(InProcess.refused(
                            dir, Map.of("HOST", "127.0.0.1", "PORT", Integer.toString(taken.getLocalPort()))))
                    .singleElement()
                    .asString()
                    .isEqualTo("ERROR pocketapi: HOST/PORT: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                            + ": port " + taken.getLocalPort()
                            + " is already in use; expected a free port on an address of this machine");
        }
    }

    @Test
    void check_holidays_prints_a_line_per_year_and_exits_0_when_every_year_would_be_served() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("years"));
        Files.writeString(folder.resolve("2027.json"), TestYears.madeUp2027());
        InProcess.Outcome served = InProcess.command(Map.of(), "--check-holidays", folder.toString());
        assertThat(served.code()).hasValue(0);
        assertThat(served.out().lines())
                .containsExactly(
                        "2027.json: 30 days off, 5 make-up days: served",
                        "with the built-in years: serves 2020-01-01 to 2027-12-31");
        Files.writeString(folder.resolve("2028.json"), TestYears.PLACEHOLDER_2027.replace("2027", "2028"));
        Files.writeString(folder.resolve("2029.json"), """
                {"year": 2029, "days": [{"name": "元旦", "date": "2029-01-01", "isOffDay": true}]}""");
        InProcess.Outcome refused = InProcess.command(Map.of(), "--check-holidays", folder.toString());
        assertThat(refused.code()).hasValue(2);
        assertThat(refused.out().lines())
                .containsExactly(
                        "2027.json: 30 days off, 5 make-up days: served",
                        "2028.json: 0 days off, 0 make-up days: not published yet (a placeholder with no "
                                + "days): not served",
                        // 2029: 除夕 and 初一-初三 02-12…15, 清明 04-04, 5-1 and 5-2, 10-1…10-3 (端午 and 中秋 fall on
                        // Saturdays).
                        "2029.json: 1 day off, 0 make-up days: refused: the statutory holidays "
                                + "2029-02-12, 2029-02-13, "
                                + "2029-02-14, 2029-02-15, 2029-04-04, 2029-05-01, 2029-05-02, "
                                + "2029-10-01, 2029-10-02, "
                                + "2029-10-03 are not days off in it (《全国年节及纪念日放假办法》: every arrangement "
                                + "gives them off)");
    }

    @Test
    void the_access_log_is_off_by_default_and_one_line_per_request_when_on() throws Exception {
        try (LogCapture log = new LogCapture()) {
            try (InProcess.Service quiet = InProcess.start(dir.resolve("quiet"), Map.of())) {
                quiet.get("/api/holidays?type=alarm");
                quiet.get("/nope");
            }
            // Stopped: whatever the two calls logged is in.
            assertThat(log.lines()).noneMatch(l -> l.contains(" access - "));
            try (InProcess.Service loud = InProcess.start(dir.resolve("loud"), Map.of("ACCESS_LOG", "true"))) {
                loud.get("/api/holidays?type=alarm&y=2025&m=10&d=1", "X-Forwarded-For", "203.0.113.4");
                loud.get("/nope");
                assertThat(log.awaitLinesWith("GET /nope 404")).hasSize(1); // logged after the answer
                assertThat(log.linesWith(" access - "))
                        .hasSize(2)
                        .anySatisfy(l -> assertThat(l)
                                .contains("GET /api/holidays?type=alarm&y=2025&m=10&d=1 200", "user=\"203.0.113.4\""))
                        .anySatisfy(l -> assertThat(l).contains("GET /nope 404"));
            }
        }
    }
}
