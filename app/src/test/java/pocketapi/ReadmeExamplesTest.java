package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.holidays.data.OwnCalendars;
import pocketapi.web.TestServer;

/**
 * Every {@code curl -i} example of the README and of app/docs is a test: the request is sent as curl sends it, to the
 * service as the README describes it (out of the box; the README's {@code acme.json} in CALENDARS_DIR), and the answer
 * must be what the example shows — status line, every header in order but {@code Date}, and the body (a body shown
 * ending in {@code ...} is a prefix). An example marked {@code <!-- example: shape -->} on the line before its block
 * depends on today, on counts or on chance: its status line and header names must match, and its body's shape (JSON
 * keys, or one line of text); {@code <!-- example: shape, image host -->} runs it with IMAGE_HOST and the README's pool
 * file.
 */
class ReadmeExamplesTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Path DOCS = Path.of("docs");
    private static final Pattern CURL =
            Pattern.compile("\\$ curl -i((?: -X [A-Z]+)?)((?: -H '[^']*')*) '?http://localhost:8080([^' ]*)'?");

    @TempDir
    Path dir;

    /** One example: where it is, the request, and the answer shown. */
    record Example(String where, String method, List<String> headers, String path, String shown, String mark) {}

    static List<Example> examples(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<Example> examples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).equals("```")
                    || i + 1 >= lines.size()
                    || !lines.get(i + 1).startsWith("$ curl")) {
                continue;
            }
            String mark = i > 0 && lines.get(i - 1).startsWith("<!-- example: ")
                    ? lines.get(i - 1).substring("<!-- example: ".length()).replace(" -->", "")
                    : "exact";
            int end = i + 1;
            while (!lines.get(end).equals("```")) {
                end++;
            }
            // A block may hold several commands, each followed by its answer.
            int start = i + 1;
            for (int k = i + 2; k <= end; k++) {
                if (k == end || lines.get(k).startsWith("$ curl")) {
                    Matcher m = CURL.matcher(lines.get(start));
                    assertThat(m.matches())
                            .as(file + ":" + (start + 1) + " is a curl -i example this test reads")
                            .isTrue();
                    List<String> headers = new ArrayList<>();
                    Matcher h = Pattern.compile("-H '([^']*)'").matcher(m.group(2));
                    while (h.find()) {
                        headers.add(h.group(1));
                    }
                    String method = m.group(1).isEmpty() ? "GET" : m.group(1).substring(4);
                    examples.add(new Example(
                            file.getFileName() + ":" + (start + 1),
                            method,
                            headers,
                            m.group(3),
                            String.join("\n", lines.subList(start + 1, k)),
                            mark));
                    start = k;
                }
            }
            i = end;
        }
        return examples;
    }

    static List<Path> manuals() throws IOException {
        List<Path> files = new ArrayList<>(List.of(README));
        if (Files.isDirectory(DOCS)) {
            try (Stream<Path> docs = Files.list(DOCS)) {
                docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** The manual's own acme.json: the first json block holding 公司假日 (holidays.md). */
    private String acme() throws IOException {
        String readme = Files.readString(DOCS.resolve("holidays.md"));
        Matcher m = Pattern.compile("```json\n(\\{\"week\"[^`]*公司假日[^`]*)```").matcher(readme);
        assertThat(m.find()).as("holidays.md shows acme.json").isTrue();
        return m.group(1);
    }

    /** The manual's portrait.txt (pictures.md). */
    private String portraitPool() throws IOException {
        String readme = Files.readString(DOCS.resolve("pictures.md"));
        Matcher m = Pattern.compile("```\n(# portrait\\.txt[^`]*)```").matcher(readme);
        assertThat(m.find()).as("pictures.md shows portrait.txt").isTrue();
        return m.group(1);
    }

    @Test
    void every_curl_example_answers_as_shown() throws Exception {
        Path calendars = Files.createDirectories(dir.resolve("calendars"));
        Files.writeString(calendars.resolve("acme.json"), acme());
        Files.writeString(dir.resolve("portrait.txt"), portraitPool());
        Files.writeString(dir.resolve("landscape.txt"), "desk/sea.jpg\n");
        Javalin plain = TestApps.app(Clock.systemUTC(), OwnCalendars.load(Optional.of(calendars), Long.MAX_VALUE));
        Javalin imageHost = TestApps.app(Map.of(
                "IMAGE_HOST",
                "https://pan.example.com",
                "IMAGE_POOL_PORTRAIT",
                dir.resolve("portrait.txt").toString(),
                "IMAGE_POOL_LANDSCAPE",
                dir.resolve("landscape.txt").toString()));
        List<Example> all = new ArrayList<>();
        for (Path file : manuals()) {
            all.addAll(examples(file));
        }
        assertThat(all).as("examples found").hasSizeGreaterThan(30);
        List<Example> own =
                all.stream().filter(e -> !e.mark().contains("image host")).toList();
        List<Example> images =
                all.stream().filter(e -> e.mark().contains("image host")).toList();
        TestServer.run(plain, server -> check(server, own));
        TestServer.run(imageHost, server -> check(server, images));
        System.out.printf(
                "README examples checked: %d (%d by shape)%n",
                all.size(),
                all.stream().filter(e -> e.mark().startsWith("shape")).count());
    }

    private static void check(TestServer server, List<Example> examples) throws IOException {
        URI origin = URI.create(server.origin());
        for (Example e : examples) {
            String answer = send(origin, e);
            String[] parts = answer.split("\n\n", 2);
            List<String> head = new ArrayList<>(List.of(parts[0].split("\n")));
            head.removeIf(line -> line.startsWith("Date: "));
            String body = parts.length > 1 ? parts[1] : "";
            server.received(e.method(), e.path(), Integer.parseInt(head.get(0).split(" ")[1]), headers(head), body);
            String[] shownParts = e.shown().split("\n\n", 2);
            List<String> shownHead = List.of(shownParts[0].split("\n"));
            String shownBody = shownParts.length > 1 ? shownParts[1] : "";
            if (e.mark().startsWith("shape")) {
                assertThat(head.get(0)).as(e.where()).isEqualTo(shownHead.get(0));
                assertThat(names(head)).as(e.where() + " header names").isEqualTo(names(shownHead));
                assertThat(shape(body)).as(e.where() + " body shape").isEqualTo(shape(shownBody));
            } else {
                assertThat(String.join("\n", head)).as(e.where()).isEqualTo(String.join("\n", shownHead));
                if (shownBody.endsWith("\n...") || shownBody.equals("...")) {
                    assertThat(body).as(e.where()).startsWith(shownBody.substring(0, shownBody.length() - 3));
                } else {
                    assertThat(body).as(e.where()).isEqualTo(shownBody);
                }
            }
        }
    }

    /** The request as curl sends it, and the whole answer with CRLF as LF. */
    private static String send(URI origin, Example e) throws IOException {
        try (Socket socket = new Socket(origin.getHost(), origin.getPort())) {
            socket.setSoTimeout(10_000);
            StringBuilder request = new StringBuilder(e.method() + " " + e.path()
                    + " HTTP/1.1\r\nHost: localhost:8080\r\n" + "User-Agent: curl/7.88.1\r\nAccept: */*\r\n");
            for (String header : e.headers()) {
                request.append(header).append("\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.write(b);
            }
            String headText = head.toString(StandardCharsets.UTF_8);
            Matcher length = Pattern.compile("(?im)^Content-Length: (\\d+)").matcher(headText);
            int n = length.find() && !e.method().equals("HEAD") && !headText.startsWith("HTTP/1.1 304")
                    ? Integer.parseInt(length.group(1))
                    : 0;
            byte[] body = in.readNBytes(n);
            return (headText + new String(body, StandardCharsets.UTF_8))
                    .replace("\r\n", "\n")
                    .stripTrailing();
        }
    }

    /** The answer's headers, by name. */
    private static Map<String, List<String>> headers(List<String> head) {
        Map<String, List<String>> headers = new java.util.HashMap<>();
        for (String line : head.subList(1, head.size())) {
            headers.computeIfAbsent(line.substring(0, line.indexOf(':')), n -> new ArrayList<>())
                    .add(line.substring(line.indexOf(':') + 1).strip());
        }
        return headers;
    }

    private static List<String> names(List<String> head) {
        return head.subList(1, head.size()).stream()
                .map(h -> h.substring(0, h.indexOf(':')))
                .toList();
    }

    /** JSON: its keys with every value a placeholder; text: one line, or not. */
    private static String shape(String body) {
        if (body.startsWith("{")) {
            return body.replaceAll(":(\"(?:[^\"\\\\]|\\\\.)*\"|-?\\d+(?:\\.\\d+)?|true|false|null)", ":_");
        }
        return body.isEmpty() ? "" : body.contains("\n") ? "lines" : "a line";
    }
}
