package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pocketapi.pictures.ImagePool.Shape;

class PickerTest {
    private static final ImagePool WALL = pool("""
            a.jpg 1920x1080
            b.jpg 1080x1920
            c.jpg 1000x1000
            d.jpg 1600x900
            e.jpg
            """);

    private static ImagePool pool(String text) {
        try {
            return ImagePool.parse("wall.txt", text);
        } catch (ImagePoolException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void sizes_give_each_picture_its_shape_and_side_and_the_choices_follow() throws ImagePoolException {
        assertThat(WALL.pictures())
                .extracting(ImagePool.Picture::entry)
                .containsExactly("a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg");
        assertThat(WALL.pictures().get(0).width()).isEqualTo(1920);
        assertThat(WALL.pictures())
                .extracting(ImagePool.Picture::shape)
                .containsExactly(Shape.LANDSCAPE, Shape.PORTRAIT, Shape.SQUARE, Shape.LANDSCAPE, null);
        // A square picture or one of no size has no side: it counts for both.
        assertThat(WALL.choice(Shape.LANDSCAPE, null))
                .extracting(ImagePool.Picture::entry)
                .containsExactly("a.jpg", "c.jpg", "d.jpg", "e.jpg");
        assertThat(WALL.choice(Shape.PORTRAIT, null))
                .extracting(ImagePool.Picture::entry)
                .containsExactly("b.jpg", "c.jpg", "e.jpg");
        assertThat(WALL.choice(null, Shape.SQUARE))
                .extracting(ImagePool.Picture::entry)
                .containsExactly("c.jpg");
        assertThat(WALL.choice(Shape.PORTRAIT, Shape.LANDSCAPE)).isEmpty();
        assertThat(ImagePool.parse("p", "山 水.jpg 800x600\n", Shape.PORTRAIT)
                        .pictures()
                        .get(0))
                .as("a portrait file's picture stays on the portrait side, its shape from its size")
                .satisfies(p -> {
                    assertThat(p.entry()).isEqualTo("山 水.jpg");
                    assertThat(p.side()).isEqualTo(Shape.PORTRAIT);
                    assertThat(p.shape()).isEqualTo(Shape.LANDSCAPE);
                });
    }

    @Test
    void a_size_is_read_as_wxh_or_as_identify_writes_it_and_a_lone_number_stays_part_of_the_name() throws Exception {
        assertThat(ImagePool.parse("p", "a.jpg 1920x1080\nb b.jpg 1080 1920\nc.jpg\t800\t800\nd 2020.jpg\n")
                        .pictures())
                .extracting(
                        ImagePool.Picture::entry,
                        ImagePool.Picture::width,
                        ImagePool.Picture::height,
                        ImagePool.Picture::shape)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a.jpg", 1920, 1080, Shape.LANDSCAPE),
                        org.assertj.core.groups.Tuple.tuple("b b.jpg", 1080, 1920, Shape.PORTRAIT),
                        org.assertj.core.groups.Tuple.tuple("c.jpg", 800, 800, Shape.SQUARE),
                        org.assertj.core.groups.Tuple.tuple("d 2020.jpg", 0, 0, null));
    }

    @Test
    void a_device_falls_back_to_the_whole_pool_and_an_orientation_replaces_the_device_but_narrows_a_path() {
        ImagePool landscapeOnly = pool("a.jpg 1920x1080\nb.jpg 1600x900\n");
        Picker picker = new Picker(0, 10);
        Random random = new Random(1);
        assertThat(picker.pick(landscapeOnly, "x", Shape.PORTRAIT, true, null, "u", random))
                .isPresent();
        assertThat(picker.pick(landscapeOnly, "x", Shape.PORTRAIT, false, null, "u", random))
                .isEmpty();
        assertThat(picker.pick(WALL, "x", Shape.PORTRAIT, true, Shape.LANDSCAPE, "u", random)
                        .orElseThrow()
                        .shape())
                .isEqualTo(Shape.LANDSCAPE);
        assertThat(picker.pick(WALL, "x", Shape.PORTRAIT, false, Shape.LANDSCAPE, "u", random))
                .isEmpty();
    }

    @Test
    void picks_are_uniform() {
        ImagePool ten = pool("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        for (int k : new int[] {0, 3}) {
            Picker picker = new Picker(k, 100);
            Random random = new Random(42);
            Map<String, Integer> counts = new HashMap<>();
            for (int i = 0; i < 100_000; i++) {
                counts.merge(
                        picker.pick(ten, "ten", null, true, null, "u" + (i % 7), random)
                                .orElseThrow()
                                .entry(),
                        1,
                        Integer::sum);
            }
            assertThat(counts).hasSize(10);
            assertThat(counts.values())
                    .as("k=" + k)
                    .allSatisfy(n -> assertThat(n).isBetween(9_500, 10_500));
        }
    }

    @Test
    void with_no_repeat_a_user_never_gets_one_of_its_last_k_pictures_of_a_pool() {
        ImagePool ten = pool("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        Picker picker = new Picker(8, 100);
        Random random = new Random(7);
        Deque<String> last = new ArrayDeque<>();
        for (int i = 0; i < 10_000; i++) {
            String e = picker.pick(ten, "ten", null, true, null, "alice", random)
                    .orElseThrow()
                    .entry();
            assertThat(last).doesNotContain(e);
            last.addLast(e);
            if (last.size() > 8) {
                last.removeFirst();
            }
            picker.pick(ten, "ten", null, true, null, "bob", random); // another user's picks change nothing for alice
        }
        // A pool of K pictures or fewer cannot avoid repeats: plain random picks.
        assertThat(picker.pick(pool("a\nb\n"), "two", null, true, null, "alice", random))
                .isPresent();
    }

    @Test
    void the_users_remembered_are_bounded_and_one_who_keeps_coming_keeps_its_picks_through_a_flood() {
        Picker picker = new Picker(8, 100);
        ImagePool ten = pool("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        Random random = new Random(3);
        Deque<String> last = new ArrayDeque<>();
        for (int i = 0; i < 20_000; i++) {
            picker.pick(ten, "ten", null, true, null, "user-" + i, random);
            String e = picker.pick(ten, "ten", null, true, null, "alice", random)
                    .orElseThrow()
                    .entry();
            assertThat(last).as("pick %d", i).doesNotContain(e);
            last.addLast(e);
            if (last.size() > 8) {
                last.removeFirst();
            }
        }
        assertThat(picker.remembered()).isEqualTo(100);
    }
}
