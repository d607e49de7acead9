package pocketapi.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder anyone may have written to, read without hanging, without running out of memory, without quoting. */
class FolderTest {
    @TempDir
    Path dir;

    @TempDir
    Path outside;

    private Map<String, String> read(long maxTotal) throws IOException {
        Map<String, String> seen = new TreeMap<>();
        for (Folder.File f : Folder.read(dir, name -> name.endsWith(".json"), 100, maxTotal)) {
            seen.put(
                    f.path().getFileName().toString(),
                    f.problem() != null ? "refused: " + f.problem() : new String(f.bytes(), StandardCharsets.UTF_8));
        }
        return seen;
    }

    @Test
    void regular_files_are_read_and_anything_else_is_refused_by_name_without_being_opened() throws Exception {
        Files.writeString(dir.resolve("a.json"), "{}");
        Files.writeString(dir.resolve("notes.txt"), "not asked for");
        Files.writeString(dir.resolve("big.json"), "x".repeat(101));
        Files.createDirectory(dir.resolve("folder.json"));
        assertThat(new ProcessBuilder("mkfifo", dir.resolve("fifo.json").toString())
                        .start()
                        .waitFor())
                .isZero();
        Files.createSymbolicLink(dir.resolve("zero.json"), Path.of("/dev/zero"));
        Files.createSymbolicLink(
                dir.resolve("secret.json"), Files.writeString(outside.resolve("secret"), "SECRET_TOKEN"));
        Files.createSymbolicLink(dir.resolve("alias.json"), dir.resolve("a.json"));
        Files.createSymbolicLink(dir.resolve("dangling.json"), dir.resolve("gone.json"));
        assertThat(read(1_000))
                .containsExactly(
                        Map.entry("a.json", "{}"),
                        Map.entry("alias.json", "{}"),
                        Map.entry("big.json", "refused: larger than 100 bytes"),
                        Map.entry("dangling.json", "refused: a symbolic link to a missing file"),
                        Map.entry("fifo.json", "refused: not a regular file (a folder, FIFO or device)"),
                        Map.entry("folder.json", "refused: not a regular file (a folder, FIFO or device)"),
                        Map.entry("secret.json", "refused: a symbolic link to a file outside " + dir),
                        Map.entry("zero.json", "refused: a symbolic link to a file outside " + dir));
    }

    @Test
    void a_folder_whose_files_together_are_too_large_is_refused_as_a_whole() throws Exception {
        for (int i = 0; i < 5; i++) {
            Files.writeString(dir.resolve(i + ".json"), "x".repeat(100));
        }
        assertThat(read(500)).hasSize(5);
        assertThatThrownBy(() -> read(499))
                .isInstanceOf(IOException.class)
                .hasMessage(dir + ": its files together are larger than 499 bytes");
    }

    @Test
    void a_file_named_by_a_setting_follows_its_link_but_must_be_a_small_regular_file() throws Exception {
        Path file = Files.writeString(outside.resolve("pool.txt"), "a.png\n");
        Files.createSymbolicLink(dir.resolve("link.txt"), file);
        assertThat(Folder.readFile(dir.resolve("link.txt"), 100)).isEqualTo("a.png\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> Folder.readFile(Path.of("/dev/zero"), 100))
                .hasMessage("not a regular file (a folder, FIFO or device)");
        assertThatThrownBy(() -> Folder.readFile(outside, 100))
                .hasMessage("not a regular file (a folder, FIFO or device)");
        assertThat(List.of(Folder.read(dir, n -> true, 100, 100).get(0).stem())).containsExactly("link");
    }
}
