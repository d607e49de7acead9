package pocketapi.hitokoto;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import pocketapi.config.Setting;
import pocketapi.config.Values;

/**
 * The sentences' settings. Each is an environment variable and a flag; {@code --help} and the README's table list them
 * in this order.
 */
public final class HitokotoSettings {
    public static final Setting<Optional<Path>> HITOKOTO_DIR = Setting.of(
            "HITOKOTO_DIR",
            "",
            "a folder of sentence files in the hitokoto bundle's shape (its sentences/ folder: a.json … l.json) for "
                    + "/api/hitokoto; each category it has replaces the built-in one; re-read every 2 s "
                    + "while running (docs/hitokoto.md). Unset: the built-in poetry (i) and classics (k)",
            Values.Value::folder);

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(HITOKOTO_DIR);

    private HitokotoSettings() {}
}
