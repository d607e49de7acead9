package pocketapi.config;

import java.util.Locale;

/**
 * One setting of the service, declared once, by the capability that reads it ({@code ServerSettings.PORT},
 * {@code HolidaySettings.HOLIDAY_DATA_DIR} ...): its name (the environment variable), its {@link #flag()}, its default,
 * its help (printed by {@code --help} and in the README's table, a test keeps the two the same) and how its value is
 * read ({@link Values}: the reading says what is accepted when it is not). A {@link Config} is read by setting:
 * {@code config.get(ServerSettings.PORT)}. Immutable.
 */
public final class Setting<T> {
    /** How a value is read: the typed value, or (through {@link Values.Value#bad}) what is accepted. */
    public interface Read<T> {
        T read(Values.Value v);
    }

    private final String name;
    private final String defaultValue;
    private final String help;
    private final Read<T> read;

    private Setting(String name, String defaultValue, String help, Read<T> read) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.help = help;
        this.read = read;
    }

    /**
     * A setting, declared where the capability that reads it is.
     *
     * @param help one sentence or two: printed by {@code --help}, in the README's table and in {@code pocketapi.env}
     * @param read how its value is read: the reading says what is accepted when it is not ({@link Values.Value#bad})
     */
    public static <T> Setting<T> of(String name, String defaultValue, String help, Read<T> read) {
        return new Setting<>(name, defaultValue, help, read);
    }

    /** The environment variable, e.g. {@code HOLIDAY_DATA_DIR}. */
    public String name() {
        return name;
    }

    /** The command-line form, e.g. {@code --holiday-data-dir}. */
    public String flag() {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The value used when neither the variable nor the flag is given ({@code ""}: unset). */
    public String defaultValue() {
        return defaultValue;
    }

    public String help() {
        return help;
    }

    T read(Values.Value v) {
        return read.read(v);
    }

    @Override
    public String toString() {
        return name;
    }
}
