package pocketapi.hitokoto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.files.FolderWatcher;

public class SentenceFolderTest {
    @TempDir
    Path dir;

    public static String sentence(int id, String text, String type) {
        return "{\"id\":" + id + ",\"uuid\":\"00000000-0000-4000-8000-" + String.format("%012d", id)
                + "\",\"hitokoto\":\""
                + text + "\",\"type\":\"" + type + "\",\"from\":\"来源\",\"from_who\":null,\"creator\":\"someone\","
                + "\"creator_uid\":1,\"reviewer\":2,\"commit_from\":\"web\",\"created_at\":\"1468605909\",\"length\":"
                + text.length() + "}";
    }

    @Test
    void the_bundles_sentences_folder_replaces_the_categories_it_has_and_the_rest_stay_built_in() throws Exception {
        Path sentences = Files.createDirectories(dir.resolve("sentences"));
        Files.writeString(
                sentences.resolve("a.json"), "[" + sentence(1, "动画一句", "a") + "," + sentence(2, "动画两句", "a") + "]");
        Files.writeString(sentences.resolve("i.json"), "[" + sentence(3, "一首诗", "i") + "]");
        Files.writeString(dir.resolve("version.json"), "{\"not\":\"sentences\"}"); // the bundle's other files: not read
        SentenceFolder folder = SentenceFolder.load(Optional.of(dir), Long.MAX_VALUE);
        Sentences served = folder.sentences();
        assertThat(served.count('a')).isEqualTo(2);
        assertThat(served.count('i')).isEqualTo(1);
        assertThat(served.count('k')).isEqualTo(Sentences.builtIn().count('k'));
        assertThat(served.pick("i", 0, Integer.MAX_VALUE, new Random(1))
                        .orElseThrow()
                        .hitokoto())
                .isEqualTo("一首诗");

        // While running: a changed file is swapped in whole; a removed one gives its category back to the built-in
        // ones.
        Files.writeString(sentences.resolve("a.json"), "[" + sentence(4, "新的一句", "a") + "]");
        Files.delete(sentences.resolve("i.json"));
        folder.reread();
        folder.reread(); // a file two looks in a row do not find is gone
        assertThat(folder.sentences().all().stream()
                        .filter(s -> s.type().equals("a"))
                        .map(Sentence::hitokoto))
                .containsExactly("新的一句");
        assertThat(folder.sentences().count('i')).isEqualTo(Sentences.builtIn().count('i'));
        // A bad change keeps what was served.
        Files.writeString(sentences.resolve("a.json"), "[{\"type\":\"a\"}]");
        folder.reread();
        assertThat(folder.sentences().count('a')).isEqualTo(1);
    }

    @Test
    void a_bad_file_or_one_past_the_memory_budget_stops_the_start_naming_it() throws Exception {
        Files.writeString(dir.resolve("a.json"), "[" + sentence(1, "一句", "x") + "]");
        assertThatThrownBy(() -> SentenceFolder.load(Optional.of(dir), Long.MAX_VALUE))
                .isInstanceOf(FolderWatcher.Refused.class)
                .hasMessage(dir.resolve("a.json") + " (HITOKOTO_DIR): sentence 1 has type x; a type is one of a to l");
        Files.writeString(dir.resolve("a.json"), "[" + sentence(1, "一句", "a") + "]");
        assertThatThrownBy(() -> SentenceFolder.load(Optional.of(dir), 100))
                .isInstanceOf(FolderWatcher.Refused.class)
                .hasMessageContaining(
                        "HITOKOTO_DIR): the sentence files would take more than 0 KB of the heap, more than the "
                                + "memory budget leaves them");
        assertThat(SentenceFolder.load(Optional.of(dir), Long.MAX_VALUE)
                        .sentences()
                        .count('a'))
                .isEqualTo(1);
    }
}
