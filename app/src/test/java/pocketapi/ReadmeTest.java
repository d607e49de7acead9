package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import pocketapi.config.Setting;

/** The README's configuration table is the user's manual for Setting: the two say the same. */
class ReadmeTest {
    private static final Path README = Path.of("..", "README.md");

    /** The rows of the table under "## Configuration": setting, flag, default, meaning. */
    private static List<String[]> configurationTable() throws Exception {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("\n## Configuration\n"));
        section = section.substring(0, section.indexOf("\n## ", 5));
        List<String[]> rows = new ArrayList<>();
        for (String line : section.lines().toList()) {
            if (line.startsWith("| `")) {
                String[] cells = Arrays.stream(
                                line.substring(1, line.length() - 1).split(" \\| ", 4))
                        .map(String::strip)
                        .toArray(String[]::new);
                rows.add(cells);
            }
        }
        return rows;
    }

    private static String unquoted(String cell) {
        return cell.startsWith("`") && cell.endsWith("`") ? cell.substring(1, cell.length() - 1) : cell;
    }

    @Test
    void the_configuration_table_lists_exactly_the_settings_with_their_flags_and_defaults() throws Exception {
        List<String[]> rows = configurationTable();
        assertThat(rows.stream().map(r -> unquoted(r[0])).toList())
                .containsExactlyElementsOf(
                        Settings.all().stream().map(Setting::name).toList());
        for (String[] row : rows) {
            Setting<?> setting = Settings.all().stream()
                    .filter(s -> s.name().equals(unquoted(row[0])))
                    .findFirst()
                    .orElseThrow();
            assertThat(unquoted(row[1])).as(setting + " flag").isEqualTo(setting.flag());
            assertThat(row[2].equals("unset") ? "" : unquoted(row[2]))
                    .as(setting + " default")
                    .isEqualTo(setting.defaultValue());
            // --help prints the same words (the README may set code in backticks).
            assertThat(row[3].replace("`", "")).as(setting + " meaning").isEqualTo(setting.help());
        }
    }
}
