// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.looptrace.cli.Cli.Result;

/** The dispatcher: the overview, unknown commands, and the help of every command. */
class MainTest {

	static Stream<String> names() {
		return Main.commands().stream().map(Command::name);
	}

	@Test
	void noArgumentsPrintsTheOverviewAndExits2() {
		Result result = Cli.expect(2);
		assertOverview(result.out());
	}

	@Test
	void helpPrintsTheOverviewAndExits0() {
		for (String help : List.of("--help", "-h", "help")) {
			Result result = Cli.expect(0, help);
			assertOverview(result.out());
			assertEquals("", result.err());
		}
	}

	@Test
	void everyCommandHasItsOwnNameAndOneLineOfOverview() {
		List<String> names = names().toList();
		assertEquals(names.size(), names.stream().distinct().count(), "duplicate command names: " + names);
		assertTrue(names.containsAll(List.of("check", "generate", "nlr", "model", "trace", "format", "expand")),
				names.toString());
		for (Command command : Main.commands()) {
			assertTrue(!command.summary().isBlank() && !command.summary().contains("\n"), command.name());
		}
	}

	@Test
	void unknownCommandExits2NamingItThenTheOverview() {
		Result result = Cli.expect(2, "frobnicate", "x");
		assertTrue(result.err().startsWith("looptrace: unknown command 'frobnicate'\n"), result::toString);
		assertOverview(result.err());
		assertEquals("", result.out());
	}

	@ParameterizedTest(name = "looptrace {0} --help")
	@MethodSource("names")
	void commandHelpShowsItsUsageAndExits0(String name) {
		for (String help : List.of("--help", "-h")) {
			Result result = Cli.expect(0, name, help);
			assertTrue(result.out().startsWith("usage: looptrace " + name), result::toString);
			assertEquals("", result.err());
			assertEquals(commandNamed(name).help(), result.out());
		}
	}

	/**
	 * --help wins over bad arguments before it. (After a program to trace, it is the program's:
	 * UnusualInputsTest.helpAfterTheProgramBelongsToTheProgram.)
	 */
	@ParameterizedTest(name = "looptrace {0} --bogus --help")
	@MethodSource("names")
	void helpWinsOverBadArguments(String name) {
		Result result = Cli.expect(0, name, "--bogus", "--help", "/no/such/file");
		assertTrue(result.out().startsWith("usage: looptrace " + name), result::toString);
	}

	private static Command commandNamed(String name) {
		return Main.commands().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
	}

	private static void assertOverview(String text) {
		assertTrue(text.contains("usage: looptrace <command>"), text);
		for (Command command : Main.commands()) {
			assertTrue(text.contains("  " + command.name() + " ") && text.contains(command.summary()),
					command.name() + " missing from\n" + text);
		}
	}
}
