package pocketapi.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import pocketapi.holidays.Week;

class TargetTest {
    private static List<Target> parse(String urls) {
        return Target.parseAll(urls, new pocketapi.regions.Regions(java.time.Clock.systemUTC(), null)::parse);
    }

    @Test
    void entries_are_split_at_a_comma_before_a_format_so_options_keep_their_commas() {
        List<Target> targets = parse("ntfy+https://ntfy.sh/my-topic#events=year,eve&at=07:30&lang=en, "
                + "webhook+http://127.0.0.1:9000/hook,"
                + "wecom+https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=SECRET#week=6");
        assertThat(targets).hasSize(3);
        Target ntfy = targets.get(0);
        assertThat(ntfy.format()).isEqualTo(Format.NTFY);
        assertThat(ntfy.url().toString()).isEqualTo("https://ntfy.sh/my-topic");
        assertThat(ntfy.events()).isEqualTo(Set.of(Target.Event.YEAR, Target.Event.EVE));
        assertThat(ntfy.at()).isEqualTo(7 * 60 + 30);
        assertThat(ntfy.english()).isTrue();
        assertThat(targets.get(1).events()).containsExactlyInAnyOrder(Target.Event.values());
        assertThat(targets.get(1).at()).isEqualTo(20 * 60);
        assertThat(targets.get(2).url().toString())
                .isEqualTo("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=SECRET");
        assertThat(targets.get(2).week()).isEqualTo(Week.SIX);
        assertThat(targets.get(2).name()).isEqualTo("wecom to qyapi.weixin.qq.com");
        assertThat(targets.get(2).id()).matches("[0-9a-f]{16}").doesNotContain("SECRET");
        assertThat(parse(" ")).isEmpty();
    }

    @Test
    void bad_entries_are_named_one_line_each_by_format_and_host_never_their_secrets() {
        assertThatThrownBy(() -> parse("sms+https://x.example/KEY1,ntfy+ftp://user:pw@ntfy.sh/TOPIC2,"
                        + "bark+https://api.day.app/KEY3#at=25:00,"
                        + "dingtalk+https://oapi.dingtalk.com/robot/send?access_token=TOKEN4#week=6&calendar=acme,"
                        + "feishu+https://open.feishu.cn:99999/hook/TOKEN5,webhook+https://h.example/p#colour=red"))
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> {
                    List<String> lines = e.getMessage().lines().toList();
                    assertThat(lines).hasSize(6);
                    assertThat(lines.get(0))
                            .startsWith("entry 1 (sms+https://x.example/…) is not accepted: it must start with");
                    assertThat(lines.get(1))
                            .startsWith("entry 2 (ntfy+ftp://ntfy.sh/…) is not accepted: the URL must be");
                    assertThat(lines.get(2))
                            .isEqualTo("entry 3 (bark+https://api.day.app/…) is not accepted: at must be a time "
                                    + "HH:MM, e.g. at=20:00");
                    assertThat(lines.get(3)).contains("week and calendar cannot be given together");
                    assertThat(lines.get(4))
                            .startsWith("entry 5 (feishu+https://open.feishu.cn/…) is not accepted: the URL must be");
                    assertThat(lines.get(5)).contains("unknown option colour");
                    assertThat(e.getMessage()).doesNotContain("KEY", "TOKEN", "pw", "TOPIC");
                });
        assertThatThrownBy(() -> parse("sms+https://x.example/KEY1"))
                .hasMessage(
                        "entry 1 (sms+https://x.example/…) is not accepted: it must start with webhook+, ntfy+, bark+, "
                                + "wecom+, dingtalk+ or feishu+");
    }
}
