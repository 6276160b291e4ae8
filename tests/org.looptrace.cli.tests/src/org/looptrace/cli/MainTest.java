// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
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

	/** The launcher script runs test, build, ide and cluster before Java: listed all the same, with their help. */
	@Test
	void overviewListsTheLauncherCommandsAndTheyPointToIt() {
		String overview = Cli.expect(0, "--help").out();
		for (String name : List.of("test", "build", "ide", "cluster")) {
			assertTrue(overview.contains("\n  " + name + " "), name + " missing from\n" + overview);
			assertTrue(Cli.expect(0, name, "--help").out().startsWith("usage: looptrace " + name), name);
			assertEquals("looptrace " + name + ": a command of the launcher script: run ./looptrace " + name + " from the repository\n",
					Cli.expectUsageError(name, name).err());
		}
		assertTrue(overview.contains("--version"), overview);
	}

	/** The version is the Bundle-Version of the command line's bundle, its qualifier stamped by the build. */
	@Test
	void versionIsTheBundleVersion() throws Exception {
		Manifest manifest;
		try (InputStream in = Files.newInputStream(Cli.examples().resolve("../bundles/org.looptrace.cli/META-INF/MANIFEST.MF"))) {
			manifest = new Manifest(in);
		}
		String declared = manifest.getMainAttributes().getValue("Bundle-Version").replace(".qualifier", "");
		Result result = Cli.expect(0, "--version");
		assertTrue(result.out().matches("looptrace " + Pattern.quote(declared) + "(\\.[0-9A-Za-z_-]+)?\n"), result::toString);
		assertEquals("", result.err());
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
