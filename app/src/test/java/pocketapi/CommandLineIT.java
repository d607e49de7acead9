package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.config.Setting;
import pocketapi.holidays.TestYears;

/** What an operator meets at the command line: --help, bad settings, the access log. */
class CommandLineIT {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"--help", "-h"})
    void help_prints_every_setting_with_its_default_and_exits_0(String flag) throws Exception {
        try (JarProcess jar = JarProcess.launch(Map.of(), flag)) {
            assertThat(jar.exitCode()).isZero();
            String help = jar.output();
            for (Setting<?> s : Settings.all()) {
                assertThat(help).contains(s.name(), s.flag());
            }
            assertThat(help).contains("default 8080", "default data/stats.json", "default 100000", "default false");
        }
    }

    @Test
    void version_prints_the_name_and_version_and_exits_0() throws Exception {
        try (JarProcess jar = JarProcess.launch(Map.of(), "--version")) {
            assertThat(jar.exitCode()).isZero();
            assertThat(jar.output().lines()).singleElement().asString().matches("pocketapi \\d+\\.\\d+\\.\\d+.*");
        }
    }

    @Test
    void every_bad_setting_is_said_at_once_one_line_each_then_exit_code_2() throws Exception {
        try (JarProcess jar = JarProcess.launch(
                Map.of("PORT", "70000", "ACCESS_LOG", "yes", "IMAGE_HOST", "https://user:secret@img.example.com"))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            // In the order of the settings' table.
            assertThat(jar.output().lines())
                    .containsExactly(
                            "ERROR pocketapi: PORT (--port): \"70000\" is not accepted; expected a whole "
                                    + "number from 0 to 65535",
                            "ERROR pocketapi: ACCESS_LOG (--access-log): \"yes\" is not accepted; expected "
                                    + "true or false",
                            "ERROR pocketapi: IMAGE_HOST (--image-host): \"https://…@img.example.com\" is "
                                    + "not accepted; expected an "
                                    + "absolute http:// or https:// URL without query or fragment, e.g. "
                                    + "https://img.example.com");
        }
    }

    @Test
    void notify_test_sends_a_test_message_to_each_target_and_exits_0_when_each_took_it() throws Exception {
        com.sun.net.httpserver.HttpServer server =
                com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        java.util.List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.createContext("/", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        try (JarProcess jar =
                JarProcess.launch(Map.of("NOTIFY_URLS", "feishu+" + url + "/hook/SECRET"), "--notify-test")) {
            assertThat(jar.exitCode()).isZero();
            assertThat(jar.output().lines()).containsExactly("feishu to 127.0.0.1: HTTP 200 ok");
            assertThat(bodies)
                    .singleElement()
                    .asString()
                    .startsWith("{\"msg_type\":\"text\",\"content\":{\"text\":\"pocketapi 测试");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void a_port_in_use_is_said_in_words_with_exit_code_2() throws Exception {
        try (java.net.ServerSocket taken =
                        new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"));
                JarProcess jar = JarProcess.launch(
                        Map.of("HOST", "127.0.0.1", "PORT", Integer.toString(taken.getLocalPort())))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output().lines().filter(l -> l.startsWith("ERROR")))
                    .singleElement()
                    .asString()
                    .isEqualTo("ERROR pocketapi: HOST/PORT: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                            + ": port " + taken.getLocalPort()
                            + " is already in use; expected a free port on an address of this machine");
        }
    }

    @Test
    void check_holidays_prints_a_line_per_year_and_exits_0_when_every_year_would_be_served(
            @org.junit.jupiter.api.io.TempDir Path folder) throws Exception {
        java.nio.file.Files.writeString(folder.resolve("2027.json"), TestYears.madeUp2027());
        try (JarProcess jar = JarProcess.launch(Map.of(), "--check-holidays", folder.toString())) {
            assertThat(jar.exitCode()).isZero();
            assertThat(jar.output().lines())
                    .containsExactly(
                            "2027.json: 30 days off, 5 make-up days: served",
                            "with the built-in years: serves 2020-01-01 to 2027-12-31");
        }
        java.nio.file.Files.writeString(
                folder.resolve("2028.json"), TestYears.PLACEHOLDER_2027.replace("2027", "2028"));
        java.nio.file.Files.writeString(folder.resolve("2029.json"), """
                {"year": 2029, "days": [{"name": "元旦", "date": "2029-01-01", "isOffDay": true}]}""");
        try (JarProcess jar = JarProcess.launch(Map.of(), "--check-holidays", folder.toString())) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output().lines())
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
    }

    @Test
    void the_access_log_is_off_by_default_and_one_line_per_request_when_on() throws Exception {
        try (JarProcess quiet = JarProcess.start(Map.of())) {
            quiet.get("/api/holidays?type=alarm");
            quiet.get("/nope");
            assertThat(quiet.output()).doesNotContain(" access - ");
        }
        try (JarProcess loud = JarProcess.start(Map.of("ACCESS_LOG", "true"))) {
            loud.get("/api/holidays?type=alarm&y=2025&m=10&d=1", "X-Forwarded-For", "203.0.113.4");
            loud.get("/nope");
            loud.awaitOutput("GET /nope 404", java.time.Duration.ofSeconds(5)); // logged after the answer
            assertThat(loud.output().lines().filter(l -> l.contains(" access - ")))
                    .hasSize(2)
                    .anySatisfy(l -> assertThat(l)
                            .contains("GET /api/holidays?type=alarm&y=2025&m=10&d=1 200", "user=\"203.0.113.4\""))
                    .anySatisfy(l -> assertThat(l).contains("GET /nope 404"));
        }
    }
}
