package pocketapi.hitokoto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import pocketapi.files.Resources;

class SentencesTest {
    private static final List<String> FIELDS = List.of(
            "id",
            "uuid",
            "hitokoto",
            "type",
            "from",
            "from_who",
            "creator",
            "creator_uid",
            "reviewer",
            "commit_from",
            "created_at",
            "length");

    /** The built-in files as they are in the jar, read without our reader. */
    private static List<JsonNode> file(char category) throws Exception {
        byte[] json = Resources.read("hitokoto/sentences/" + category + ".json").orElseThrow();
        List<JsonNode> all = new java.util.ArrayList<>();
        new ObjectMapper().readTree(json).forEach(all::add);
        return all;
    }

    @Test
    void the_built_in_files_have_the_bundles_shape_unique_ids_and_uuids_and_true_lengths() throws Exception {
        Set<Long> ids = new HashSet<>();
        Set<String> uuids = new HashSet<>();
        Set<String> texts = new HashSet<>();
        int n = 0;
        for (char c : new char[] {'i', 'k'}) {
            for (JsonNode s : file(c)) {
                n++;
                List<String> names = new java.util.ArrayList<>();
                s.fieldNames().forEachRemaining(names::add);
                assertThat(names).isEqualTo(FIELDS);
                String text = s.get("hitokoto").asText();
                assertThat(s.get("type").asText()).isEqualTo(String.valueOf(c));
                assertThat(s.get("length").asInt()).as(text).isEqualTo(text.codePointCount(0, text.length()));
                assertThat(ids.add(s.get("id").asLong())).as("id of " + text).isTrue();
                assertThat(uuids.add(s.get("uuid").asText()))
                        .as("uuid of " + text)
                        .isTrue();
                assertThat(texts.add(text)).as("one sentence once: " + text).isTrue();
                assertThat(java.util.UUID.fromString(s.get("uuid").asText()).toString())
                        .isEqualTo(s.get("uuid").asText());
                assertThat(s.get("from").asText()).isNotBlank();
                assertThat(s.get("from_who").isNull()
                                || !s.get("from_who").asText().isBlank())
                        .as(text)
                        .isTrue();
                assertThat(s.get("created_at").isTextual()
                                && s.get("created_at").asText().matches("[0-9]{10}"))
                        .isTrue();
                // Classical Chinese: ideographs and full-width punctuation only, ending a sentence.
                assertThat(text).as(text).matches("[\\p{IsHan}，。？！；：、]+").matches(".*[。？！]");
            }
        }
        assertThat(n).isGreaterThanOrEqualTo(300);
        assertThat(file('i')).hasSizeGreaterThanOrEqualTo(150);
        assertThat(file('k')).hasSizeGreaterThanOrEqualTo(150);
        Sentences builtIn = Sentences.builtIn();
        assertThat(builtIn.size()).isEqualTo(n);
        assertThat(builtIn.count('i') + builtIn.count('k')).isEqualTo(n);
    }

    @Test
    void a_pick_is_drawn_evenly_from_the_categories_and_lengths_asked_for() {
        Sentences all = Sentences.builtIn();
        Set<Sentence> fitting = all.all().stream()
                .filter(s -> s.type().equals("k") && s.length() >= 10 && s.length() <= 12)
                .collect(Collectors.toSet());
        assertThat(fitting).hasSizeGreaterThan(10);
        Random random = new Random(42);
        java.util.Map<Sentence, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < 200 * fitting.size(); i++) {
            seen.merge(all.pick("k", 10, 12, random).orElseThrow(), 1, Integer::sum);
        }
        assertThat(seen.keySet()).isEqualTo(fitting);
        // 200 expected each: a fair draw stays well within 120..280.
        assertThat(seen.values()).allSatisfy(count -> assertThat(count).isBetween(120, 280));
        assertThat(all.pick("ik", 0, Integer.MAX_VALUE, random)).isPresent();
        assertThat(all.pick("a", 0, Integer.MAX_VALUE, random)).isEmpty();
        assertThat(all.pick("i", 1000, Integer.MAX_VALUE, random)).isEmpty();
        int shortest = all.all().stream().mapToInt(Sentence::length).min().orElseThrow();
        assertThat(all.pick("ik", 0, shortest, random).orElseThrow().length()).isEqualTo(shortest);
    }

    @Test
    void a_file_that_is_not_sentences_is_refused_naming_it_and_what_is_wrong() {
        assertThatThrownBy(() -> Sentences.parse("x.json", "{}".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("x.json: is not a JSON array of sentences");
        assertThatThrownBy(() -> Sentences.parse("x.json", "[{\"type\":\"a\"}]".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("x.json: sentence 1 has no hitokoto");
        assertThatThrownBy(() -> Sentences.parse(
                        "x.json", "[{\"hitokoto\":\"好\",\"type\":\"m\"}]".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("x.json: sentence 1 has type m; a type is one of a to l");
        assertThatThrownBy(() ->
                        Sentences.parse("x.json", "[{\"hitokoto\":1,\"type\":\"a\"}]".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("x.json: is not a JSON array of sentences");
        assertThatThrownBy(() -> Sentences.parse("x.json", "[] []".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("x.json: is not a JSON array of sentences");
        // The length is counted here, whatever the file says: 😀 is one character.
        assertThat(Sentences.parse(
                                "x.json",
                                "[{\"hitokoto\":\"笑😀\",\"type\":\"a\",\"length\":3}]".getBytes(StandardCharsets.UTF_8))
                        .get(0)
                        .length())
                .isEqualTo(2);
    }
}
