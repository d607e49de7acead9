package pocketapi.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The folders the service writes to, tried once at start ({@link Config#prepareFolders}). */
final class WritableFolders {
    private WritableFolders() {
    }

    static void check(Config c) throws ConfigException {
        List<String> problems = new ArrayList<>();
        writable(problems, Setting.STATS_FILE, c.get(Setting.STATS_FILE).toAbsolutePath().getParent(), c.get(Setting.STATS_FILE).toString(),
                "a file in a folder pocketapi may write, e.g. /var/lib/pocketapi/stats.json (the unit's state folder)");
        if (!c.get(Setting.HOLIDAY_UPDATE_URL).isEmpty()) {
            writable(problems, Setting.HOLIDAY_CACHE_DIR, c.get(Setting.HOLIDAY_CACHE_DIR).toAbsolutePath(), c.get(Setting.HOLIDAY_CACHE_DIR).toString(),
                    "a folder pocketapi may write, e.g. /var/lib/pocketapi/holidays (the unit's state folder)");
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
            Path probe = dir.resolve(".pocketapi-probe-" + ProcessHandle.current().pid());
            Files.deleteIfExists(probe);
            Files.delete(Files.createFile(probe));
            return;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            why = e.getFile() + " is a file, not a folder";
        } catch (java.nio.file.AccessDeniedException e) {
            why = "no permission to write in " + dir;
        } catch (java.nio.file.FileSystemException e) {
            why = (e.getReason() == null ? "cannot write in " + dir : e.getReason().toLowerCase(Locale.ROOT)
                    + ": " + (e.getFile() == null ? dir : e.getFile()));
        } catch (java.io.IOException | RuntimeException e) {
            why = "cannot write in " + dir + " (" + e.getMessage() + ")";
        }
        problems.add(setting.name() + " (" + setting.flag() + "): \"" + value + "\" cannot be written (" + why
                + "); expected " + accepted);
    }
}
