package pocketapi.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The folders the service writes to, each created and tried once at start, so that a place it may not write stops the
 * start now, one line each. Stateless.
 */
public final class WritableFolders {
    private WritableFolders() {}

    /**
     * A folder a capability writes to: the setting that names it, the folder, the value as given, and what is accepted.
     */
    public record Wanted(Setting<?> setting, Path dir, String value, String accepted) {}

    /** Creates every folder wanted and tries a file in each. */
    public static void check(List<Wanted> wanted) throws ConfigException {
        List<String> problems = new ArrayList<>();
        for (Wanted w : wanted) {
            writable(problems, w.setting(), w.dir(), w.value(), w.accepted());
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(String.join("\n", problems));
        }
    }

    private static void writable(List<String> problems, Setting<?> setting, Path dir, String value, String accepted) {
        String why;
        try {
            Files.createDirectories(dir);
            // Not Files.createTempFile: its random name seeds a SecureRandom, tens of ms at start-up.
            Path probe =
                    dir.resolve(".pocketapi-probe-" + ProcessHandle.current().pid());
            Files.deleteIfExists(probe);
            Files.delete(Files.createFile(probe));
            return;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            why = e.getFile() + " is a file, not a folder";
        } catch (java.nio.file.AccessDeniedException e) {
            why = "no permission to write in " + dir;
        } catch (java.nio.file.FileSystemException e) {
            why = (e.getReason() == null
                    ? "cannot write in " + dir
                    : e.getReason().toLowerCase(Locale.ROOT) + ": " + (e.getFile() == null ? dir : e.getFile()));
        } catch (java.io.IOException | RuntimeException e) {
            why = "cannot write in " + dir + " (" + e.getMessage() + ")";
        }
        problems.add(setting.name() + " (" + setting.flag() + "): \"" + value + "\" cannot be written (" + why
                + "); expected " + accepted);
    }
}
