package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;

class NamedPoolsTest {
    @TempDir
    Path dir;

    @Test
    void each_name_is_a_pool_of_its_files_swapped_whole_when_they_change() throws Exception {
        Files.writeString(dir.resolve("wall.txt"), "a.jpg 1920x1080\nb.jpg 1000x1000\n");
        Files.writeString(dir.resolve("cats.portrait.txt"), "cat/1.jpg\n");
        Files.writeString(dir.resolve("cats.landscape.txt"), "cat/2.jpg\ncat/3.jpg\n");
        NamedPools pools = NamedPools.load(Optional.of(dir), Long.MAX_VALUE);
        assertThat(pools.all().keySet()).containsExactly("cats", "wall");
        ImagePool cats = pools.all().get("cats");
        assertThat(cats.choice(ImagePool.Shape.PORTRAIT, null))
                .extracting(ImagePool.Picture::entry)
                .containsExactly("cat/1.jpg");
        assertThat(cats.choice(ImagePool.Shape.LANDSCAPE, null)).hasSize(2);

        ImagePool wall = pools.all().get("wall");
        pools.reread();
        assertThat(pools.all().get("wall")).as("unchanged: the same pool").isSameAs(wall);
        Files.writeString(dir.resolve("wall.txt"), "a.jpg 1920x1080\n");
        try (LogCapture log = new LogCapture()) {
            pools.reread();
            assertThat(pools.all().get("wall").entries()).containsExactly("a.jpg");
            assertThat(log.linesWith("picture pool wall changed")).hasSize(1);

            Files.writeString(dir.resolve("wall.txt"), "../etc/passwd\n");
            pools.reread();
            assertThat(pools.all().get("wall").entries())
                    .as("a bad change keeps the pool")
                    .containsExactly("a.jpg");
            assertThat(log.linesWith("has a \"..\" segment"))
                    .singleElement()
                    .asString()
                    .endsWith("pool wall stays as it was");

            Files.delete(dir.resolve("cats.portrait.txt"));
            Files.delete(dir.resolve("cats.landscape.txt"));
            pools.reread();
            assertThat(pools.all()).as("gone for one look: kept").containsKey("cats");
            pools.reread();
            assertThat(pools.all()).doesNotContainKey("cats");
        }
    }

    @Test
    void an_entry_too_long_is_left_out_with_a_warn_naming_its_file_and_line_at_start_and_on_a_reread()
            throws Exception {
        Path wall = Files.writeString(dir.resolve("wall.txt"), "x".repeat(40_000) + "\ra.jpg\r");
        try (LogCapture log = new LogCapture()) {
            NamedPools pools = NamedPools.load(Optional.of(dir), Long.MAX_VALUE);
            assertThat(pools.all().get("wall").entries()).containsExactly("a.jpg");
            assertThat(log.linesWith(wall + ", line 1: an entry longer than 2048 characters left out"))
                    .hasSize(1);

            Files.writeString(wall, "a.jpg\r\nb.jpg\r\n" + "y".repeat(1 << 20) + "\r\n");
            pools.reread();
            assertThat(pools.all().get("wall").entries()).containsExactly("a.jpg", "b.jpg");
            assertThat(log.linesWith(wall + ", line 3: an entry longer than 2048 characters left out"))
                    .hasSize(1);
            pools.reread();
            assertThat(log.linesWith(wall + ", line"))
                    .as("said once, not at every look")
                    .hasSize(2);
        }
    }

    @Test
    void a_pool_of_one_entry_too_long_is_an_empty_pool_refused_at_start_and_not_added_on_a_reread() throws Exception {
        Files.writeString(dir.resolve("wall.txt"), "a.jpg\n");
        Path big = Files.writeString(dir.resolve("big.txt"), "x".repeat(30_000) + "\n");
        assertThatThrownBy(() -> NamedPools.load(Optional.of(dir), Long.MAX_VALUE))
                .isInstanceOf(pocketapi.files.FolderWatcher.Refused.class)
                .hasMessage(big + ": the pool is empty; list one picture path per line");
        Files.delete(big);
        NamedPools pools = NamedPools.load(Optional.of(dir), Long.MAX_VALUE);
        Files.writeString(big, "x".repeat(1_000_000));
        try (LogCapture log = new LogCapture()) {
            pools.reread();
            assertThat(pools.all().keySet()).containsExactly("wall");
            assertThat(log.linesWith(big + ": the pool is empty"))
                    .singleElement()
                    .asString()
                    .endsWith("picture pool big is not added");
        }
    }

    @Test
    void at_start_a_bad_file_or_name_stops_the_start_naming_it() throws Exception {
        Files.writeString(dir.resolve("Bad_Name.txt"), "a.jpg\n");
        assertThatThrownBy(() -> NamedPools.load(Optional.of(dir), Long.MAX_VALUE))
                .isInstanceOf(pocketapi.files.FolderWatcher.Refused.class)
                .hasMessageContaining("Bad_Name.txt (IMAGE_POOLS_DIR): a pool's name is 1 to 32 of a-z, 0-9, -");
        Files.delete(dir.resolve("Bad_Name.txt"));
        Files.writeString(dir.resolve("pe.txt"), "a.jpg\n");
        assertThatThrownBy(() -> NamedPools.load(Optional.of(dir), Long.MAX_VALUE))
                .hasMessageContaining("(and not pe, pc or url)");
        Files.delete(dir.resolve("pe.txt"));
        Files.write(dir.resolve("gbk.txt"), new byte[] {(byte) 0xB6, (byte) 0xAB, '\n'});
        assertThatThrownBy(() -> NamedPools.load(Optional.of(dir), Long.MAX_VALUE))
                .hasMessageContaining("gbk.txt (IMAGE_POOLS_DIR): is not UTF-8");
        Files.delete(dir.resolve("gbk.txt"));
        Files.createSymbolicLink(dir.resolve("secret.txt"), Path.of("/etc/hostname"));
        assertThatThrownBy(() -> NamedPools.load(Optional.of(dir), Long.MAX_VALUE))
                .hasMessageContaining("secret.txt (IMAGE_POOLS_DIR):");
        assertThat(NamedPools.none().all()).isEmpty();
    }
}
