package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar, started as users start it: its contents, its exit code, and the answers of one shared process
 * ({@link SharedJar}). The starts that read the operator's files, and what they print, are checked in process
 * (StartupTest, CommandLineTest).
 */
@ExtendWith(SharedJar.class)
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
    void the_jar_starts_and_answers_the_reference_query(JarProcess jar) throws Exception {
        var response = jar.get("/api/holidays?y=2025&m=10&d=1");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"name\":\"国庆节、中秋节\"");
        assertThat(jar.output()).contains("holidays 2020-01-01 to 2026-12-31");
    }

    @Test
    void a_training_run_makes_a_class_data_sharing_archive_the_jar_then_starts_with() throws Exception {
        Path archive = dir.resolve("pocketapi.jsa");
        // A temporary folder of its own: the machine's /tmp is shared with whatever else runs.
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        try (JarProcess training = JarProcess.launch(
                java.util.List.of(),
                java.util.List.of("-XX:+UseSerialGC", "-XX:ArchiveClassesAtExit=" + archive, "-Djava.io.tmpdir=" + tmp),
                Map.of(),
                "--train")) {
            assertThat(training.exitCode()).as(training.output()).isZero();
            assertThat(training.output()).contains("pocketapi: trained on " + Training.PATHS.size() + " requests");
        }
        assertThat(archive).isNotEmptyFile();
        assertThat(tmp).as("the training's temporary folder is removed").isEmptyDirectory();
        // -Xshare:on: a JVM that cannot map the archive refuses to start, so an answer proves it was used.
        try (JarProcess jar = JarProcess.start(
                java.util.List.of(),
                java.util.List.of("-XX:+UseSerialGC", "-XX:SharedArchiveFile=" + archive, "-Xshare:on"),
                Map.of())) {
            assertThat(jar.get("/api/holidays?y=2025&m=10&d=1&type=pithy").body())
                    .isEqualTo("ture");
        }
    }

    /** The exit code of every refused start (CommandLineTest and StartupTest check their lines in process). */
    @Test
    void a_bad_setting_stops_startup_with_one_line_and_exit_code_2() throws Exception {
        try (JarProcess jar = JarProcess.launch(Map.of("PORT", "eighty"))) {
            assertThat(jar.exitCode()).isEqualTo(2);
            assertThat(jar.output())
                    .isEqualTo("ERROR pocketapi: PORT (--port): \"eighty\" is not accepted; expected a whole "
                            + "number from 0 to 65535");
        }
    }

    /** Two JVMs: what varies from one start to the next (identity hash codes, the order of a hash set of them). */
    @Test
    void the_english_feed_is_the_same_bytes_after_every_start(JarProcess shared) throws Exception {
        var first = shared.get("/api/holidays.ics?y=2025&lang=en");
        try (JarProcess jar = JarProcess.start(Map.of())) {
            var again = jar.get("/api/holidays.ics?y=2025&lang=en");
            assertThat(again.body())
                    .isEqualTo(first.body())
                    .contains("SUMMARY:National Day\\, Mid-Autumn Festival (day off)");
            assertThat(again.headers().firstValue("ETag"))
                    .isPresent()
                    .isEqualTo(first.headers().firstValue("ETag"));
        }
    }

    /** What --version prints (CommandLineTest): the version the build wrote in the jar's manifest. */
    @Test
    void the_jar_knows_its_main_class_and_its_version() throws Exception {
        try (java.util.jar.JarFile jar =
                new java.util.jar.JarFile(JarProcess.jar().toFile())) {
            var manifest = jar.getManifest().getMainAttributes();
            assertThat(manifest.getValue("Main-Class")).isEqualTo(Main.class.getName());
            assertThat(manifest.getValue("Implementation-Version")).matches("\\d+\\.\\d+\\.\\d+.*");
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
    void every_kind_of_answer_is_served_without_jackson_databind(JarProcess jar) throws Exception {
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

    @Test
    void the_reference_page_and_the_files_it_loads_are_served_from_the_jar(JarProcess jar) throws Exception {
        var page = jar.get("/docs");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        for (String file : java.util.List.of("/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css", "/docs/docs.js")) {
            assertThat(page.body()).contains("\"" + file + "\"");
            var answer = jar.get(file);
            assertThat(answer.statusCode()).as(file).isEqualTo(200);
            assertThat(answer.body()).as(file).isNotEmpty();
        }
        assertThat(jar.get("/docs/swagger-ui-bundle.js").body()).contains("SwaggerUIBundle");
        assertThat(jar.get("/docs/docs.js").body()).contains("\"/openapi.json\"");
    }

    @Test
    void out_of_the_box_img_lands_on_a_bundled_picture(JarProcess jar) throws Exception {
        var redirect = jar.get("/img");
        assertThat(redirect.statusCode()).isEqualTo(302);
        String location = redirect.headers().firstValue("Location").orElseThrow();
        assertThat(location).startsWith(jar.origin() + "/d/image/samples/");
        var picture = jar.get(location.substring(jar.origin().length()));
        assertThat(picture.statusCode()).isEqualTo(200);
        assertThat(picture.headers().firstValue("Content-Type")).contains("image/png");
    }
}
