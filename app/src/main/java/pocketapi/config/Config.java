package pocketapi.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The service's configuration, read once at startup from environment variables and {@code --kebab-case} flags (a flag
 * wins over its variable), validated, then immutable: each {@link Setting}'s value, read by setting ({@code
 * config.get(Setting.PORT)}). An empty list or {@code Optional} is an unset (or off) one.
 */
public final class Config {
    private final Map<Setting<?>, Object> values;

    private Config(Map<Setting<?>, Object> values) {
        this.values = Map.copyOf(values);
    }

    /** The built-in defaults, as a user gets them with no configuration at all. */
    public static Config defaults() {
        try {
            return parse(Map.of(), List.of());
        } catch (ConfigException e) {
            throw new IllegalStateException("the defaults must be valid", e);
        }
    }

    /** Reads every {@link Setting} from {@code env} and {@code args}. */
    public static Config parse(Map<String, String> env, List<String> args) throws ConfigException {
        Values v = new Values(env, args);
        Map<Setting<?>, Object> read = new HashMap<>();
        for (Setting<?> s : Setting.values()) {
            read.put(s, s.read(v.of(s)));
        }
        Config config = new Config(read);
        Optional<String> imageHost = config.get(Setting.IMAGE_HOST);
        if (imageHost.isPresent() && imageHost.get().endsWith("/d/image")) {
            // Links are IMAGE_HOST/d/image/<entry>: this one would give /d/image/d/image/ links.
            v.of(Setting.IMAGE_HOST).bad("the host's base URL without /d/image (links are IMAGE_HOST/d/image/<entry>), e.g. "
                    + imageHost.get().substring(0, imageHost.get().length() - "/d/image".length()));
        }
        // Pool files go with IMAGE_HOST: the samples are the only pictures the service serves itself.
        boolean hostGiven = !v.of(Setting.IMAGE_HOST).text().isBlank();
        for (Setting<Optional<java.nio.file.Path>> pool : List.of(Setting.IMAGE_POOL_PORTRAIT, Setting.IMAGE_POOL_LANDSCAPE,
                Setting.IMAGE_POOLS_DIR)) {
            if (config.get(pool).isEmpty() && imageHost.isPresent() && pool != Setting.IMAGE_POOLS_DIR) {
                v.of(pool).problem("is required when IMAGE_HOST is set; expected the path of a pool file");
            } else if (!v.of(pool).text().isBlank() && !hostGiven) {
                v.of(pool).problem("is set but IMAGE_HOST is not; pool entries are served from IMAGE_HOST, so set both");
            }
        }
        if (!v.problems.isEmpty()) {
            throw new ConfigException(String.join("\n", v.problems));
        }
        return config;
    }

    /** A setting's value. */
    @SuppressWarnings("unchecked")
    public <T> T get(Setting<T> setting) {
        return (T) values.get(setting);
    }

    /** A setting's value as another package reads it ({@code NOTIFY_URLS} as notification targets). */
    public <T, R> R read(Setting<T> setting, Function<T, R> reader) throws ConfigException {
        try {
            return reader.apply(get(setting));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(String.join("\n", e.getMessage().lines()
                    .map(line -> setting.name() + " (" + setting.flag() + "): " + line).toList()));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Config c && c.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /**
     * Creates the folders the service writes to (STATS_FILE's; HOLIDAY_CACHE_DIR while updates are on) and tries a file
     * in each, so that a place it may not write stops the start now, one line each.
     */
    public void prepareFolders() throws ConfigException {
        WritableFolders.check(this);
    }
}
