package pocketapi.config;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The service's configuration, read once at startup from environment variables and {@code --kebab-case} flags (a flag
 * wins over its variable), validated, then immutable: each {@link Setting}'s value, read by setting
 * ({@code config.get(ServerSettings.PORT)}). An empty list or {@code Optional} is an unset (or off) one.
 */
public final class Config {
    private final Map<Setting<?>, Object> settings;
    private final Values values;

    private Config(Map<Setting<?>, Object> settings, Values values) {
        this.settings = Map.copyOf(settings);
        this.values = values;
    }

    /** Reads every one of {@code settings} from {@code env} and {@code args}; every problem found, one line each. */
    public static Config parse(Map<String, String> env, List<String> args, List<Setting<?>> settings)
            throws ConfigException {
        Values v = new Values(env, args, settings);
        Map<Setting<?>, Object> read = new HashMap<>();
        for (Setting<?> s : settings) {
            read.put(s, s.read(v.of(s)));
        }
        if (!v.problems.isEmpty()) {
            throw new ConfigException(String.join("\n", v.problems));
        }
        return new Config(read, v);
    }

    /**
     * The value given for a setting, as written ({@code ""}: not given, its default unset): for checks across settings.
     */
    public String given(Setting<?> setting) {
        return values.text(setting);
    }

    /**
     * This configuration with {@code setting} set to {@code value} (one setting that decides others, as
     * {@code UPDATES=off} decides every update URL): a new object, this one unchanged.
     */
    public <T> Config with(Setting<T> setting, T value) {
        Map<Setting<?>, Object> changed = new HashMap<>(settings);
        changed.put(setting, value);
        return new Config(changed, values);
    }

    /** A setting's value. */
    @SuppressWarnings("unchecked")
    public <T> T get(Setting<T> setting) {
        return (T) settings.get(setting);
    }

    /** A setting's value as another package reads it ({@code NOTIFY_URLS} as notification targets). */
    public <T, R> R read(Setting<T> setting, Function<T, R> reader) throws ConfigException {
        try {
            return reader.apply(get(setting));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(String.join(
                    "\n",
                    e.getMessage()
                            .lines()
                            .map(line -> setting.name() + " (" + setting.flag() + "): " + line)
                            .toList()));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Config c && c.settings.equals(settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }
}
