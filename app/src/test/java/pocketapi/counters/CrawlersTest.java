package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import pocketapi.files.Json;
import pocketapi.files.Resources;

class CrawlersTest {
    private static final Crawlers LIST = Crawlers.bundled();

    /** Browsers people use, and the service's own recipes' clients: none is a crawler. */
    static final List<String> PEOPLE = List.of(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
                    + "Safari/537.36",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 "
                    + "Safari/605.1.15",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                    + "Version/18.1 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile "
                    + "Safari/537.36",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
                    + "Safari/537.36 Edg/131.0.0.0",
            "Mozilla/5.0 (Linux; Android 10; HarmonyOS; ALN-AL00) AppleWebKit/537.36 (KHTML, like Gecko) "
                    + "Chrome/99.0.4844.88 Mobile Safari/537.36 MicroMessenger/8.0.50",
            "Shortcuts/3206.0.1 CFNetwork/1568.200.51 Darwin/24.1.0");

    /** General HTTP clients, this service's callers: curl in a cron job, Android apps, Home Assistant, scripts. */
    static final List<String> CLIENTS = List.of(
            "curl/8.5.0",
            "python-requests/2.31",
            "okhttp/4.12.0",
            "Wget/1.21",
            "Go-http-client/1.1",
            "HomeAssistant/2024.1 aiohttp/3.9");

    /** The patterns app/tools/crawlers/clients.txt names: each line's text before its #, as refresh.sh reads it. */
    static Set<String> clients() throws Exception {
        Set<String> named = new LinkedHashSet<>();
        for (String line : Files.readAllLines(Path.of("tools", "crawlers", "clients.txt"))) {
            String pattern = line.split("#", -1)[0].stripTrailing();
            if (!pattern.isEmpty()) {
                assertThat(line).as("each pattern says why it is left out").matches(".*\\S\\s+# \\S.*");
                assertThat(named.add(pattern)).as(pattern + " named once").isTrue();
            }
        }
        return named;
    }

    /**
     * The list's own patterns but those clients.txt leaves out, each a regular expression tried anywhere in the header:
     * what the matcher must equal.
     */
    private static List<Pattern> patterns() throws Exception {
        Set<String> clients = clients();
        List<Pattern> all = new ArrayList<>();
        for (JsonNode entry : list()) {
            if (!clients.contains(entry.get("pattern").asText())) {
                all.add(Pattern.compile(entry.get("pattern").asText()));
            }
        }
        return all;
    }

    private static JsonNode list() throws Exception {
        return Json.mapper()
                .readTree(new ByteArrayInputStream(
                        Resources.read("crawlers/crawler-user-agents.json").orElseThrow()));
    }

    private static boolean reference(List<Pattern> patterns, String userAgent) {
        return patterns.stream().anyMatch(p -> p.matcher(userAgent).find());
    }

    @Test
    void every_example_the_list_gives_of_a_crawler_is_one_and_the_browsers_people_use_are_not() throws Exception {
        Set<String> clients = clients();
        int examples = 0;
        for (JsonNode entry : list()) {
            if (clients.contains(entry.get("pattern").asText())) {
                continue;
            }
            for (JsonNode instance : entry.path("instances")) {
                assertThat(LIST.matches(instance.asText()))
                        .as(instance.asText())
                        .isTrue();
                examples++;
            }
        }
        assertThat(examples).isGreaterThan(1_000);
        assertThat(PEOPLE).noneMatch(LIST::matches);
        assertThat(LIST.matches(null)).isFalse();
        assertThat(LIST.matches("")).isFalse();
        assertThat(LIST.size()).isEqualTo(list().size() - clients.size());
        assertThat(LIST.version()).matches("[0-9]+\\.[0-9]+\\.[0-9]+");
    }

    @Test
    void general_http_clients_are_not_crawlers_and_search_engines_still_are() {
        assertThat(CLIENTS).noneMatch(LIST::matches);
        assertThat(List.of("Googlebot/2.1", "PetalBot", "bingbot/2.0")).allMatch(LIST::matches);
    }

    @Test
    void the_shipped_list_is_the_packages_in_its_order_less_the_clients_and_its_header_says_how_many()
            throws Exception {
        Set<String> clients = clients();
        List<String> expected = new ArrayList<>();
        Set<String> known = new LinkedHashSet<>();
        for (JsonNode entry : list()) {
            known.add(entry.get("pattern").asText());
            if (!clients.contains(entry.get("pattern").asText())) {
                expected.add(entry.get("pattern").asText());
            }
        }
        assertThat(known)
                .as("every pattern clients.txt names is one of the list's")
                .containsAll(clients);
        String shipped = new String(Resources.read("crawlers/patterns.txt").orElseThrow(), StandardCharsets.UTF_8);
        assertThat(shipped.lines().filter(l -> !l.startsWith("#"))).containsExactlyElementsOf(expected);
        assertThat(shipped.lines().filter(l -> l.startsWith("#")).toList())
                .anySatisfy(l -> assertThat(l)
                        .contains(String.format(
                                java.util.Locale.ROOT,
                                "%,d of its %,d: the %d that app/tools/crawlers/clients.txt names " + "are left out",
                                expected.size(),
                                known.size(),
                                clients.size())));
    }

    @Test
    void the_matcher_answers_as_every_pattern_tried_one_by_one_would() throws Exception {
        List<Pattern> patterns = patterns();
        List<String> headers = new ArrayList<>(PEOPLE);
        for (JsonNode entry : list()) {
            entry.path("instances").forEach(i -> headers.add(i.asText()));
        }
        // Each example cut or shifted: the matcher must find a pattern wherever it stands, and never one that is not.
        Random random = new Random(20261129);
        int n = headers.size();
        for (int i = 0; i < n; i++) {
            String h = headers.get(i);
            int from = random.nextInt(h.length());
            headers.add(
                    switch (i % 3) {
                        case 0 -> h.substring(from);
                        case 1 -> h.substring(0, from);
                        default -> "x " + h.substring(from, from + random.nextInt(h.length() - from + 1)) + " y";
                    });
        }
        for (String h : headers) {
            assertThat(LIST.matches(h)).as(h).isEqualTo(reference(patterns, h));
        }
    }

    @Test
    void a_branch_is_plain_text_or_tried_only_where_its_required_text_is() {
        assertThat(Crawlers.branches("Automaton|Newsify Feed Fetcher"))
                .containsExactly("Automaton", "Newsify Feed Fetcher");
        assertThat(Crawlers.branches("(sistrix|SISTRIX) [cC]rawler")).containsExactly("(sistrix|SISTRIX) [cC]rawler");
        assertThat(Crawlers.plain("Googlebot\\/")).isEqualTo("Googlebot/");
        assertThat(Crawlers.plain("[wW]get")).isNull();
        assertThat(Crawlers.required("AdsBot-Google([^-]|$)")).isEqualTo("AdsBot-Google");
        assertThat(Crawlers.required("(sistrix|SISTRIX) [cC]rawler")).isEqualTo("rawler");
        assertThat(Crawlers.required("BlogTraffic\\/\\d\\.\\d+ Feed-Fetcher")).isEqualTo(" Feed-Fetcher");
        assertThat(Crawlers.required("ab+c")).isEqualTo("ab");
        assertThat(Crawlers.required("colou?r{2,3}s")).isEqualTo("colo");
    }

    @Test
    void the_memory_of_recent_headers_answers_as_the_list_and_looks_at_a_headers_first_512_characters() {
        Crawlers.Recent recent = LIST.recent();
        for (int round = 0; round < 2; round++) { // the second from the memory
            assertThat(recent.matches(PEOPLE.get(0))).isFalse();
            assertThat(recent.matches("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"))
                    .isTrue();
            assertThat(recent.matches(null)).isFalse();
        }
        String padded = PEOPLE.get(0) + " ".repeat(600);
        assertThat(recent.matches(padded + "Googlebot/2.1"))
                .as("past the first 512")
                .isFalse();
        assertThat(recent.matches("Googlebot/2.1 " + padded)).isTrue();
    }
}
