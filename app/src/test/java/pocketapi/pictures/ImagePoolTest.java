package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.LogCapture;
import pocketapi.files.Allowance;

class ImagePoolTest {
    @TempDir
    Path dir;

    @Test
    void blank_lines_comments_and_leading_slashes_are_dropped() throws ImagePoolException {
        ImagePool pool =
                ImagePool.parse("test", "# my pictures\n\n  a.jpg  \n/b/c.png\n   # indented comment\r\nd.webp\n");
        assertThat(pool.entries()).containsExactly("a.jpg", "b/c.png", "d.webp");
        assertThat(pool.size()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            plain.jpg               | plain.jpg
            with space.jpg          | with%20space.jpg
            风景/山 水.png           | %E9%A3%8E%E6%99%AF/%E5%B1%B1%20%E6%B0%B4.png
            x#1?.jpg                | x%231%3F.jpg
            100%.jpg                | 100%25.jpg
            a+b&c=d.jpg             | a%2Bb%26c%3Dd.jpg
            dir/sub/file-1_2.~.png  | dir/sub/file-1_2.~.png
            """)
    void each_path_segment_is_percent_encoded_and_slashes_are_kept(String entry, String encoded)
            throws ImagePoolException {
        ImagePool pool = ImagePool.parse("test", entry);
        assertThat(pool.link("https://img.example.com", ThreadLocalRandom.current()))
                .isEqualTo("https://img.example.com/d/image/" + encoded);
    }

    @Test
    void repeated_picks_from_a_three_entry_pool_reach_every_entry() throws ImagePoolException {
        ImagePool pool = ImagePool.parse("test", "a\nb\nc\n");
        Random seeded = new Random(20261122L); // fixed seed: the same sequence every run, so it cannot flake
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100 && seen.size() < 3; i++) {
            seen.add(pool.link("h", seeded));
        }
        assertThat(seen).containsExactlyInAnyOrder("h/d/image/a", "h/d/image/b", "h/d/image/c");
    }

    @Test
    void picks_are_roughly_uniform() throws ImagePoolException {
        ImagePool pool = ImagePool.parse("test", "a\nb\nc\n");
        Random seeded = new Random(7L);
        int[] counts = new int[3];
        for (int i = 0; i < 30_000; i++) {
            counts[pool.link("", seeded).charAt("/d/image/".length()) - 'a']++;
        }
        for (int n : counts) {
            assertThat(n).isBetween(9_000, 11_000);
        }
    }

    @Test
    void a_pool_with_no_entry_is_refused_naming_the_file() throws Exception {
        Path file = Files.writeString(dir.resolve("empty.txt"), "# nothing yet\n\n");
        assertThatThrownBy(() ->
                        ImagePool.read(file, "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, Allowance.unlimited()))
                .isInstanceOf(ImagePoolException.class)
                .hasMessage(file + ": the pool is empty; list one picture path per line");
    }

    @Test
    void a_missing_pool_file_is_refused_naming_the_file() {
        Path file = dir.resolve("missing.txt");
        assertThatThrownBy(() ->
                        ImagePool.read(file, "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, Allowance.unlimited()))
                .hasMessage(file + " (IMAGE_POOL_PORTRAIT): no such file");
        assertThatThrownBy(() ->
                        ImagePool.read(dir, "IMAGE_POOL_LANDSCAPE", ImagePool.Shape.LANDSCAPE, Allowance.unlimited()))
                .hasMessage(dir
                        + " (IMAGE_POOL_LANDSCAPE): cannot be read (not a regular file (a folder, FIFO or device))");
    }

    @Test
    void a_pool_file_that_is_not_utf_8_says_so_and_names_the_setting() throws Exception {
        // "壁纸.jpg" saved as GBK, as a Chinese Windows editor would.
        Path file = Files.write(dir.resolve("gbk.txt"), "壁纸.jpg\n".getBytes(java.nio.charset.Charset.forName("GBK")));
        assertThatThrownBy(() ->
                        ImagePool.read(file, "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, Allowance.unlimited()))
                .hasMessage(file
                        + " (IMAGE_POOL_PORTRAIT): is not UTF-8 text; save it as UTF-8 (pictures "
                        + "with Chinese names need it)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ../../etc/passwd        | ..
            a/../../x.jpg           | ..
            ./x.jpg                 | .
            wallpapers/./x.jpg      | .
            x/..                    | ..
            """)
    void an_entry_with_a_dot_segment_is_refused_naming_the_file_and_line(String entry, String segment) {
        assertThatThrownBy(() -> ImagePool.parse("pool.txt", "# pictures\nok.jpg\n" + entry + "\n"))
                .isInstanceOf(ImagePoolException.class)
                .hasMessage("pool.txt, line 3: \"" + entry + "\" has a \"" + segment
                        + "\" segment; entries are paths below /d/image/ and may not leave it");
    }

    @Test
    void dots_inside_a_name_are_fine() throws ImagePoolException {
        assertThat(ImagePool.parse("pool.txt", "..hidden.jpg\na..b/c.d.jpg\n...\n")
                        .entries())
                .containsExactly("..hidden.jpg", "a..b/c.d.jpg", "...");
    }

    @Test
    void an_entry_of_2048_characters_is_kept_and_one_of_2049_is_left_out_with_one_warn_naming_the_file_and_line()
            throws ImagePoolException {
        try (LogCapture log = new LogCapture()) {
            ImagePool pool =
                    ImagePool.parse("pool.txt", "a.jpg\n" + "x".repeat(2049) + "\n" + "y".repeat(2048) + "\nb.jpg\n");
            assertThat(pool.entries()).containsExactly("a.jpg", "y".repeat(2048), "b.jpg");
            assertThat(log.linesWith("pool.txt"))
                    .singleElement()
                    .asString()
                    .contains(
                            "WARN ImagePool - pool.txt, line 2: an entry longer than 2048 characters left out",
                            "3 other entries are served");
        }
    }

    @Test
    void an_entry_is_measured_as_its_link_percent_encoded_and_its_size_and_leading_slashes_do_not_count()
            throws ImagePoolException {
        // 山 is three bytes of UTF-8, each %XX in the link: 227 of them take 2043 characters, 228 take 2052.
        try (LogCapture log = new LogCapture()) {
            ImagePool pool = ImagePool.parse(
                    "pool.txt",
                    "山".repeat(228) + "\n" + "山".repeat(227) + "\n/" + "z".repeat(2048) + " 1920x1080\n"
                            + " ".repeat(3000) + "c.jpg" + " ".repeat(3000) + "\n");
            assertThat(pool.entries()).containsExactly("山".repeat(227), "z".repeat(2048), "c.jpg");
            assertThat(pool.pictures().get(1).width()).isEqualTo(1920);
            assertThat(log.linesWith("pool.txt, line 1: an entry longer than 2048"))
                    .hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LF", "CRLF", "CR"})
    void lf_crlf_and_cr_each_end_a_line_and_lines_are_numbered_alike(String name) throws Exception {
        String end = name.replace("CR", "\r").replace("LF", "\n");
        String text = String.join(
                end, "# pictures", "a.jpg", "", "x".repeat(2049), "b.jpg 10x20", "", "x".repeat(3 << 20), "c.jpg", "");
        Path file = Files.writeString(dir.resolve(name + ".txt"), text);
        try (LogCapture log = new LogCapture()) {
            ImagePool pool =
                    ImagePool.read(file, "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, Allowance.unlimited());
            assertThat(pool.entries()).containsExactly("a.jpg", "b.jpg", "c.jpg");
            assertThat(pool.pictures().get(1).height()).isEqualTo(20);
            assertThat(log.linesWith(file.toString()))
                    .singleElement()
                    .asString()
                    .contains(file + ", lines 4, 7: 2 entries longer than 2048 characters left out");
        }
    }

    @Test
    void a_long_comment_is_ignored_like_any_comment() throws ImagePoolException {
        try (LogCapture log = new LogCapture()) {
            assertThat(ImagePool.parse("pool.txt", "#" + "x".repeat(1 << 20) + "\na.jpg\n")
                            .entries())
                    .containsExactly("a.jpg");
            assertThat(log.linesWith("pool.txt")).isEmpty();
        }
    }

    @Test
    void a_pool_whose_every_entry_is_too_long_is_refused_as_an_empty_pool_after_the_warn() throws Exception {
        Path file = Files.writeString(dir.resolve("long.txt"), "x".repeat(2049) + "\n# and nothing else\n");
        try (LogCapture log = new LogCapture()) {
            assertThatThrownBy(() -> ImagePool.read(
                            file, "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, Allowance.unlimited()))
                    .isInstanceOf(ImagePoolException.class)
                    .hasMessage(file + ": the pool is empty; list one picture path per line");
            assertThat(log.linesWith(file + ", line 1: an entry longer than 2048"))
                    .singleElement()
                    .asString()
                    .endsWith("no other entry is left");
        }
    }

    @Test
    void a_warn_names_the_first_ten_lines_left_out_and_counts_the_others() throws ImagePoolException {
        String text = ("x".repeat(2049) + "\n").repeat(12) + "a.jpg\n";
        try (LogCapture log = new LogCapture()) {
            ImagePool.parse("pool.txt", text);
            assertThat(log.linesWith("pool.txt"))
                    .singleElement()
                    .asString()
                    .contains("pool.txt, lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more: 12 entries longer than 2048")
                    .endsWith("1 other entry is served");
        }
    }

    @Test
    void the_bundled_samples_have_both_orientations_and_every_picture_is_small() throws ImagePoolException {
        ImagePools pools = ImagePools.samples();
        SampleImages pictures = SampleImages.of(pools);
        assertThat(pools.bundled()).isTrue();
        assertThat(pools.portrait())
                .extracting(ImagePool.Picture::entry)
                .isNotEmpty()
                .allMatch(e -> e.contains("portrait"));
        assertThat(pools.landscape())
                .extracting(ImagePool.Picture::entry)
                .isNotEmpty()
                .allMatch(e -> e.contains("landscape"));
        assertThat(pools.portrait().size() + pools.landscape().size())
                .isEqualTo(pools.both().size())
                .isBetween(4, 8);
        for (ImagePool pool : new ImagePool[] {pools.both()}) {
            for (String entry : pool.entries()) {
                assertThat(pictures.get(entry))
                        .hasValueSatisfying(bytes -> assertThat(bytes.length).isLessThan(50_000));
            }
        }
    }

    @Test
    void one_pool_file_without_the_other_is_refused() {
        assertThatThrownBy(() -> ImagePools.load(java.util.Optional.of(dir), java.util.Optional.empty()))
                .isInstanceOf(ImagePoolException.class);
    }
}
