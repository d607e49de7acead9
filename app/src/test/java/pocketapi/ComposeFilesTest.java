package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The compose files hold on a plain host with podman-compose 1.0.3 (Debian 12's) as with Docker Compose v2: the project
 * is named by the folder (podman-compose 1.0 ignores {@code name:}), every container and volume by the file, no name is
 * in both files, and the limits are the file's own. container-test.sh runs them for real; this says why they run,
 * cheaply. Read with SnakeYAML, which resolves the files' {@code <<:} merges as both tools do.
 */
class ComposeFilesTest {
    private static final Path CONTAINER = Path.of("deploy", "container");
    private static final List<Path> FILES = List.of(
            CONTAINER.resolve("pocketapi").resolve("compose.yaml"),
            CONTAINER.resolve("pocketapi-redis").resolve("compose.yaml"));

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(Path file) throws IOException {
        return (Map<String, Object>) new Yaml(new LoaderOptions()).load(Files.readString(file));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> services(Path file) throws IOException {
        return (Map<String, Map<String, Object>>) load(file).get("services");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> volumes(Path file) throws IOException {
        return (Map<String, Map<String, Object>>) load(file).get("volumes");
    }

    @Test
    void each_file_is_in_a_folder_named_as_its_project_so_podman_compose_1_0_names_it_the_same() throws IOException {
        for (Path file : FILES) {
            assertThat(load(file).get("name"))
                    .as(file + ": name: (Docker Compose) and the folder (podman-compose 1.0)")
                    .isEqualTo(file.getParent().getFileName().toString());
        }
    }

    @Test
    void every_container_and_volume_is_named_in_its_file_and_no_name_is_in_both_files() throws IOException {
        List<String> names = new ArrayList<>();
        for (Path file : FILES) {
            services(file).forEach((service, s) -> {
                assertThat(s.get("container_name")).as(file + " " + service).isInstanceOf(String.class);
                names.add("container " + s.get("container_name"));
            });
            volumes(file).forEach((volume, v) -> {
                assertThat(v).as(file + " volume " + volume).isNotNull();
                assertThat(v.get("name")).as(file + " volume " + volume).isInstanceOf(String.class);
                names.add("volume " + v.get("name"));
            });
        }
        assertThat(names).doesNotHaveDuplicates();
    }

    @Test
    void every_container_has_the_units_open_file_limit_and_as_many_processes_in_the_file() throws IOException {
        Matcher unit = Pattern.compile("(?m)^LimitNOFILE=(\\d+)$")
                .matcher(Files.readString(Path.of("deploy", "pocketapi.service")));
        assertThat(unit.find()).isTrue();
        int files = Integer.parseInt(unit.group(1));
        for (Path file : FILES) {
            services(file)
                    .forEach((service, s) -> assertThat(s.get("ulimits"))
                            .as(file + " " + service
                                    + ": without them, runc on a host without systemd refuses podman's own")
                            .isEqualTo(Map.of("nofile", files, "nproc", files)));
        }
    }

    @Test
    void every_instance_takes_updates_and_public_url_from_the_environment() throws IOException {
        for (Path file : FILES) {
            services(file).forEach((service, s) -> {
                if (String.valueOf(s.get("image")).contains("POCKETAPI_IMAGE")) {
                    assertThat(s.get("environment"))
                            .as(file + " " + service)
                            .asList()
                            .contains("UPDATES", "PUBLIC_URL");
                }
            });
        }
    }
}
