package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.holidays.TestYears;

/** The packaged jar, started as users start it. */
class JarIT {
    @TempDir
    Path dir;

    @Test
    void the_jar_keeps_every_dependencys_license_and_notice_texts() throws Exception {
        try (java.util.jar.JarFile jar =
                new java.util.jar.JarFile(JarProcess.jar().toFile())) {
            String licenseTxt = text(jar, "META-INF/LICENSE.txt");
            assertThat(licenseTxt)
                    .contains("Apache License", "Version 2.0") // commons-pool2
                    .contains("QOS.ch", "Permission is hereby granted"); // slf4j (MIT)
            assertThat(text(jar, "META-INF/NOTICE.txt")).contains("Apache Commons Pool");
            assertThat(text(jar, "META-INF/LICENSE")).contains("Apache License"); // Javalin, Jackson
            assertThat(text(jar, "META-INF/NOTICE")).contains("Jackson");
        }
    }

    private static String text(java.util.jar.JarFile jar, String name) throws java.io.IOException {
        java.util.zip.ZipEntry entry = jar.getEntry(name);
        assertThat(entry).as(name).isNotNull();
        return new String(jar.getInputStream(entry).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void the_jar_starts_and_answers_the_reference_query() throws Exception {
        try (JarProcess jar = JarProcess.start(Map.of())) {
            var response = jar.get("/api/holidays?y=2025&m=10&d=1");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"name\":\"国庆节、中秋节\"");
            assertThat(jar.output()).contains("holidays 2020-01-01 to 2026-12-31");
        }
    }

    @Test
    void a_training_run_makes_a_class_data_sharing_archive_the_jar_then_starts_with() throws Exception {
        Path archive = dir.resolve("pocketapi.jsa");
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        java.util.function.Supplier<java.util.Set<Path>> leftovers = () -> {
            try (var all = Files.list(tmp)) {
                return all.filter(p -> p.getFileName().toString().startsWith("pocketapi-train"))
                        .collect(java.util.stream.Collectors.toSet());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        java.util.Set<Path> before = leftovers.get();
        try (JarProcess training = JarProcess.launch(
                java.util.List.of(),
                java.util.List.of("-XX:+UseSerialGC", "-XX:ArchiveClassesAtExit=" + archive),
                Map.of(),
                "--train")) {
            assertThat(training.exitCode()).as(training.output()).isZero();
            assertThat(training.output()).contains("pocketapi: trained on " + Training.PATHS.size() + " requests");
        }
        assertThat(archive).isNotEmptyFile();
        assertThat(leftovers.get())
                .as("the training's temporary folder is removed")
                .isEqualTo(before);
        // -Xshare:on: a JVM that cannot map the archive refuses to start, so an answer proves it was used.
        try (JarProcess jar = JarProcess.start(
                java.util.List.of(),
                java.util.List.of("-XX:+UseSerialGC", "-XX:SharedArchiveFile=" + archive, "-Xshare:on"),
                Map.of())) {
            assertThat(jar.get("/api/holidays?y=2025&m=10&d=1&type=pithy").body())
                    .isEqualTo("ture");
        }
    }

    @Test
    void a_bad_setting_stops_startup_with_one_line_and_exit_code_2() throws Exception {
        try (JarProcess jar = JarProcess.launch(Map.of("PORT", "eighty"))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output())
                    .isEqualTo("ERROR pocketapi: PORT (--port): \"eighty\" is not accepted; expected a whole "
                            + "number from 0 to 65535");
        }
    }

    @Test
    void holiday_data_dir_extends_the_range_of_the_running_service() throws Exception {
        Files.writeString(dir.resolve("2027.json"), TestYears.madeUp2027());
        try (JarProcess jar = JarProcess.start(Map.of("HOLIDAY_DATA_DIR", dir.toString()))) {
            assertThat(jar.get("/api/holidays?y=2027&m=1&d=1&type=pithy").body())
                    .isEqualTo("ture");
            assertThat(jar.get("/api/holidays?y=2027&m=12&d=31&type=alarm").body())
                    .isEqualTo("work");
            assertThat(jar.output()).contains("holidays 2020-01-01 to 2027-12-31 (automatic updates off)");
        }
    }

    @Test
    void a_holiday_file_out_of_its_reach_stops_startup_naming_the_dates() throws Exception {
        Files.writeString(dir.resolve("2027.json"), """
                {"year": 2027, "days": [{"name": "元旦", "date": "2026-06-15", "isOffDay": true}]}""");
        try (JarProcess jar = JarProcess.launch(Map.of("HOLIDAY_DATA_DIR", dir.toString()))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            // An operator's own file is served even where it breaks the law (with a warning); one the gate
            // refuses outright (a date out of its reach) stops the start.
            assertThat(jar.output())
                    .isEqualTo("ERROR pocketapi: " + dir.resolve("2027.json")
                            + ": refused: lists 2026-06-15, outside 2027 and December 2026 (a year's file "
                            + "reaches only its own year and "
                            + "the December before it)");
        }
    }

    @Test
    void an_operators_half_written_year_is_served_with_a_warning_naming_the_statutory_days_it_misses()
            throws Exception {
        Files.writeString(dir.resolve("2027.json"), """
                {"year": 2027, "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}""");
        try (JarProcess jar = JarProcess.start(Map.of("HOLIDAY_DATA_DIR", dir.toString()))) {
            assertThat(jar.get("/api/holidays?y=2027&m=2&d=8&type=alarm").body())
                    .isEqualTo("work");
            assertThat(jar.output())
                    .contains("WARN HolidayData - " + dir.resolve("2027.json") + ": served, though the "
                            + "statutory holidays 2027-02-05, 2027-02-08, 2027-04-05, 2027-06-09, "
                            + "2027-09-15, 2027-10-01 are not days off "
                            + "in it (《全国年节及纪念日放假办法》: every arrangement gives them off); served as "
                            + "written, as the operator's own file");
        }
    }

    @Test
    void the_english_feed_is_the_same_bytes_after_every_start() throws Exception {
        String[] feeds = new String[2];
        String[] tags = new String[2];
        for (int i = 0; i < 2; i++) {
            try (JarProcess jar = JarProcess.start(Map.of())) {
                var feed = jar.get("/api/holidays.ics?y=2025&lang=en");
                feeds[i] = feed.body();
                tags[i] = feed.headers().firstValue("ETag").orElseThrow();
            }
        }
        assertThat(feeds[1]).isEqualTo(feeds[0]).contains("SUMMARY:National Day\\, Mid-Autumn Festival (day off)");
        assertThat(tags[1]).isEqualTo(tags[0]);
    }

    @Test
    void a_placeholder_in_holiday_data_dir_is_not_served_and_the_service_starts() throws Exception {
        Files.writeString(dir.resolve("2027.json"), TestYears.PLACEHOLDER_2027);
        try (JarProcess jar = JarProcess.start(Map.of("HOLIDAY_DATA_DIR", dir.toString()))) {
            var response = jar.get("/api/holidays?y=2027&m=10&d=1&type=alarm");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("whose holiday arrangement is not published yet");
            assertThat(jar.output())
                    .contains("WARN HolidayData - " + dir.resolve("2027.json")
                            + ": no days at all, a placeholder: 2027 is not published yet and is not loaded");
        }
    }

    @Test
    void a_malformed_holiday_file_stops_startup_naming_the_file() throws Exception {
        Files.writeString(dir.resolve("2027.json"), "{\"year\": 2026, \"days\": []}");
        try (JarProcess jar = JarProcess.launch(Map.of(), "--holiday-data-dir", dir.toString())) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output())
                    .isEqualTo("ERROR pocketapi: " + dir.resolve("2027.json")
                            + ": \"year\" is 2026 but the file name says 2027");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/JarIT.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_pool_file_stops_startup_naming_the_file(String kind, String content, String problem) throws Exception {
        Path portrait = Files.writeString(dir.resolve("portrait.txt"), content.replace("\\n", "\n"));
        Path landscape = Files.writeString(dir.resolve("landscape.txt"), "a.jpg\n");
        try (JarProcess jar = JarProcess.launch(Map.of(
                "IMAGE_HOST",
                "https://img.example.com",
                "IMAGE_POOL_PORTRAIT",
                portrait.toString(),
                "IMAGE_POOL_LANDSCAPE",
                landscape.toString()))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output()).isEqualTo("ERROR pocketapi: " + portrait + problem);
        }
    }

    @Test
    void the_fat_jar_holds_the_runtime_with_the_one_json_codec_and_is_never_shaded_twice() throws Exception {
        Path jar = JarProcess.jar();
        Path thin = jar.resolveSibling("pocketapi-thin.jar");
        try (var fat = new java.util.zip.ZipFile(jar.toFile());
                var plain = new java.util.zip.ZipFile(thin.toFile())) {
            assertThat(fat.getEntry("io/javalin/Javalin.class")).isNotNull();
            assertThat(fat.getEntry("com/fasterxml/jackson/core/JsonFactory.class"))
                    .isNotNull();
            assertThat(fat.getEntry("com/fasterxml/jackson/databind/ObjectMapper.class"))
                    .isNotNull();
            // The shade plugin reads the plain jar and writes the fat one under another name, so a
            // second `mvn package` never takes the fat jar as its input.
            assertThat(plain.getEntry("pocketapi/Main.class")).isNotNull();
            assertThat(plain.getEntry("io/javalin/Javalin.class")).isNull();
        }
        // 10 MB until /metrics (issue 57): the Prometheus client adds 0.42 MB, the servlet schemas dropped 0.25 MB;
        // /docs (issue 66): Swagger UI's bundle and style add 0.5 MB; issue 68 DataSketches' HLL and the crawlers'
        // list 0.39 MB (11.44 MB).
        assertThat(Files.size(jar)).isLessThan(11L << 20);
    }

    @Test
    void every_kind_of_answer_is_served_without_jackson_databind() throws Exception {
        try (JarProcess jar = JarProcess.start(Map.of())) {
            for (String path : java.util.List.of(
                    "/api/holidays?y=2025&m=10&d=1",
                    "/api/holidays?y=2025",
                    "/api/holidays?type=pithy",
                    "/img",
                    "/img/pe?type=json",
                    "/img/url",
                    "/api/info",
                    "/",
                    "/healthz",
                    "/api/nope",
                    "/nope",
                    "/d/image/samples/nope.png")) {
                var response = jar.get(path, "Accept", "application/json");
                assertThat(response.statusCode()).as(path).isLessThan(500);
            }
            var post = jar.send("POST", "/api/info");
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.body()).startsWith("{\"status\":405,");
            var head = jar.send("HEAD", "/nope");
            assertThat(head.statusCode()).isEqualTo(404);
            // A failure is logged before its answer is sent: every answer is in, so is every line.
            assertThat(jar.output()).doesNotContain("NoClassDefFoundError", "ClassNotFoundException", "ERROR");
        }
    }

    @Test
    void the_reference_page_and_the_files_it_loads_are_served_from_the_jar() throws Exception {
        try (JarProcess jar = JarProcess.start(Map.of())) {
            var page = jar.get("/docs");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            for (String file :
                    java.util.List.of("/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css", "/docs/docs.js")) {
                assertThat(page.body()).contains("\"" + file + "\"");
                var answer = jar.get(file);
                assertThat(answer.statusCode()).as(file).isEqualTo(200);
                assertThat(answer.body()).as(file).isNotEmpty();
            }
            assertThat(jar.get("/docs/swagger-ui-bundle.js").body()).contains("SwaggerUIBundle");
            assertThat(jar.get("/docs/docs.js").body()).contains("\"/openapi.json\"");
        }
    }

    @Test
    void out_of_the_box_img_lands_on_a_bundled_picture() throws Exception {
        try (JarProcess jar = JarProcess.start(Map.of())) {
            var redirect = jar.get("/img");
            assertThat(redirect.statusCode()).isEqualTo(302);
            String location = redirect.headers().firstValue("Location").orElseThrow();
            assertThat(location).startsWith(jar.origin() + "/d/image/samples/");
            var picture = jar.get(location.substring(jar.origin().length()));
            assertThat(picture.statusCode()).isEqualTo(200);
            assertThat(picture.headers().firstValue("Content-Type")).contains("image/png");
        }
    }
}
