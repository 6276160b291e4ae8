// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.RandomPrograms;

/**
 * OTF2 archives as the input of every command that reads traces: its anchor or the folder holding
 * it gives what the trace folder it converts to gives; a bad archive is one line, exit 2.
 */
class ArchiveInputTest {

	@Test
	void everyCommandTakesAnArchiveAsItsTraceFolder(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(4, 21), dir.resolve("run"));
		Path folder = dir.resolve("converted");
		Cli.Result converted = Cli.expect(0, "convert", dir.resolve("run").toString(), "-o", folder.toString());
		assertTrue(converted.out().contains("4 ranks written to"), converted.toString());
		for (int rank = 0; rank < 4; rank++) {
			List<String> lines = written.expected().get(rank).stream().map(TraceEvent::toLine).toList();
			assertEquals(lines, Files.readAllLines(folder.resolve("trace." + rank)), "rank " + rank);
			assertTrue(Files.isRegularFile(folder.resolve("data." + rank)));
		}
		String model = Cli.expect(0, "model", folder.toString()).out();
		assertEquals(model, Cli.expect(0, "model", written.anchor().toString()).out(), "the anchor models as the folder converted");
		assertEquals(model, Cli.expect(0, "model", dir.resolve("run").toString()).out(), "the folder holding the anchor too");
		// the archive's worker thread left out is a warning of the archive, not of the folder
		String folderSummary = Cli.expect(0, "check", folder.toString()).out().lines().reduce((a, b) -> b).orElseThrow();
		assertTrue(folderSummary.endsWith(", 0 warnings"), folderSummary);
		assertEquals(folderSummary.replace(", 0 warnings", ", 1 warnings"),
				Cli.expect(0, "check", dir.resolve("run").toString()).out().lines().reduce((a, b) -> b).orElseThrow());
		assertEquals(Cli.expect(0, "matrix", folder.toString(), "--bytes").out(),
				Cli.expect(0, "matrix", dir.resolve("run").toString(), "--bytes").out());
		assertEquals(Cli.expect(0, "patterns", folder.toString()).out(), Cli.expect(0, "patterns", dir.resolve("run").toString()).out());
		Cli.expect(0, "nlr", dir.resolve("run").toString(), "-o", dir.resolve("locals").toString());
		assertTrue(Files.isRegularFile(dir.resolve("locals/local.3.loops")));
	}

	@Test
	void aBadArchiveIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(2, 4), dir.resolve("run"));
		Files.delete(dir.resolve("run/traces.def"));
		Cli.Result result = Cli.expect(2, "model", dir.resolve("run").toString());
		assertEquals("looptrace model: " + dir.resolve("run/traces.def") + ": error: missing: an archive's global definitions are in"
				+ " traces.def beside its anchor traces.otf2\n", result.err());
		Cli.Result check = Cli.expectUsageError("check", "check", dir.resolve("run").toString());
		assertEquals(result.err().replace("looptrace model: ", "looptrace check: "), check.err());
		Cli.expect(2, "convert", dir.resolve("run").toString());
	}

	/** An archive whose event file of a location is missing: check and model name the file and the location, exit 2. */
	@Test
	void aMissingEventFileIsNamed(@TempDir Path dir) throws Exception {
		Otf2Archives.program(RandomPrograms.traces(3, 4), dir.resolve("run"));
		Path evt = dir.resolve("run/traces/1.evt");
		Files.delete(evt);
		for (String command : List.of("check", "model")) {
			String message = Cli.expectUsageError(command, command, dir.resolve("run").toString()).err();
			assertTrue(message.startsWith("looptrace " + command + ": " + evt + ": error: location 1 (rank ") && message.endsWith(
					"no such file: the archive's definitions name this location, whose events are expected in it\n"), message);
		}
	}

	/** Messages inside a user function: --calls makes them calls of it, the same for every command as for the folder convert writes. */
	@Test
	void everyCommandReadingAnArchiveTakesCalls(@TempDir Path dir) throws Exception {
		String run = exchangesInAFunction(dir.resolve("run"));
		String calls = dir.resolve("calls").toString();
		Cli.expect(0, "convert", run, "-o", calls, "--calls");

		String model = Cli.expect(0, "model", run, "--calls").out();
		assertTrue(model.contains("local call exchange"), model);
		assertEquals(Cli.expect(0, "model", calls).out(), model);
		assertFalse(Cli.expect(0, "model", run).out().contains("local call"), "without --calls, no calls");
		assertEquals(Cli.expect(0, "patterns", calls, "--per-rank").out(), Cli.expect(0, "patterns", run, "--calls", "--per-rank").out());
		assertEquals(Cli.expect(0, "matrix", calls, "--bytes").out(), Cli.expect(0, "matrix", run, "--calls", "--bytes").out());
		assertEquals(Cli.expect(0, "check", calls).out().lines().reduce((a, b) -> b),
				Cli.expect(0, "check", run, "--calls").out().lines().reduce((a, b) -> b));
		Cli.expect(0, "diff", calls, run, "--calls");
		Cli.expect(1, "diff", calls, run);
		Cli.expect(0, "nlr", run, "--calls", "-o", dir.resolve("locals").toString());
		assertTrue(Files.readString(dir.resolve("locals/local.0.loops")).contains("local call exchange"));

		// positions of the model made with calls are those of the traces read with calls
		Path annotated = dir.resolve("annotated.loops");
		Files.writeString(annotated, "get \"t\" {0}.time ->\n" + model);
		assertEquals(Cli.expect(0, "scan", annotated.toString(), calls).out(),
				Cli.expect(0, "scan", annotated.toString(), run, "--calls").out());
		assertEquals(Cli.expect(0, "profile", annotated.toString(), calls).out(),
				Cli.expect(0, "profile", annotated.toString(), run, "--calls").out());

		// a model file whose header names the archive: --bytes reads it with the calls the model has
		String file = dir.resolve("calls.loops").toString();
		Cli.expect(0, "model", run, "--calls", "-o", file);
		String bytes = Cli.expect(0, "matrix", calls, "--bytes", "--csv").out();
		assertEquals("source,destination,messages,bytes\n0,1,6,48\n", bytes);
		assertEquals(bytes, Cli.expect(0, "matrix", file, "--bytes", "--csv", "--calls").out());
		Cli.expect(2, "matrix", file, "--calls");
	}

	/** A message never received: check names the archive's event file, location and event, not a line of the converted folder. */
	@Test
	void checkNamesTheLocationAndEventOfAProblem(@TempDir Path dir) throws Exception {
		Otf2Archives.write(dir.resolve("run"), Otf2Archives.UNMATCHED_SEND);
		Cli.Result check = Cli.expect(1, "check", dir.resolve("run").toString());
		assertTrue(check.out().startsWith(dir.resolve("run/traces/0.evt") + ": error: location 0 (rank 0, Master thread), event 5: "
				+ "unmatched send on channel (0, 1, 7): this send is never received"), check.toString());
		assertFalse(check.out().contains(".looptrace"), "no converted file named: " + check);
	}

	/**
	 * Receives an archive requests and never completes (EZTrace 2.0): a warning of check, model and
	 * convert naming the archive, the rank and the count; the messages never received are still an
	 * error, which gives that cause and the remedy.
	 */
	@Test
	void receivesRequestedAndNeverCompletedAreNamedWithTheInconsistency(@TempDir Path dir) throws Exception {
		Path run = dir.resolve("run");
		Otf2Archives.write(run, Otf2Archives.UNCOMPLETED_RECEIVES);
		String warning = run.resolve("traces.otf2") + ": warning: 2 nonblocking receives of rank 1 are requested but never completed"
				+ " in the archive: EZTrace 2.0 records no MpiIrecv; their source and tag are unknown";
		String cause = "rank 1 requests 2 nonblocking receives that " + run.resolve("traces.otf2") + " never completes";
		Cli.Result check = Cli.expect(1, "check", run.toString());
		List<String> out = check.out().lines().toList();
		assertEquals(warning, out.get(0), check.toString());
		assertTrue(out.get(1).contains("unmatched send on channel (0, 1, 7): this send and the 1 after it are never received"), check.toString());
		assertTrue(out.get(2).startsWith(run + ": " + cause), check.toString());
		assertTrue(out.get(2).endsWith("trace the run with Score-P or LoopTrace's tracer, which record them"), check.toString());
		assertTrue(out.get(3).endsWith(", 1 errors, 1 warnings"), check.toString());

		Cli.Result model = Cli.expect(2, "model", run.toString());
		assertTrue(model.err().startsWith(warning + "\n"), model.toString());
		assertTrue(model.err().contains("looptrace model: " + run + ": inconsistent traces: channel (0, 1, 7): rank 0 sends 3 messages,"
				+ " rank 1 receives 1; " + cause), model.toString());

		Cli.Result convert = Cli.expect(0, "convert", run.toString(), "-o", dir.resolve("converted").toString());
		assertEquals(warning + "\n", convert.err());
		// a trace folder says nothing of requests: only the archive knows them
		Cli.Result folder = Cli.expect(1, "check", dir.resolve("converted").toString());
		assertFalse(folder.toString().contains("nonblocking"), folder.toString());
	}

	/**
	 * The trace folder an archive is written into is a cache: a model's header, the messages of model,
	 * nlr, matrix, patterns and diff name the archive the user gave, and the commands reading the
	 * header find the archive again.
	 */
	@Test
	void outputAndMessagesNameTheArchiveGiven(@TempDir Path dir) throws Exception {
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(4, 22), dir.resolve("run"));
		Files.createDirectories(dir.resolve("models"));
		for (Path given : List.of(dir.resolve("run"), written.anchor())) {
			Path file = dir.resolve("models/" + given.getFileName() + ".loops");
			Cli.Result model = Cli.expect(0, "model", given.toString(), "-o", file.toString());
			assertEquals(given + ": global model of 4 ranks written to " + file + "\n", model.out());
			String text = Files.readString(file);
			assertEquals("// traces: ../" + dir.relativize(given).toString().replace('\\', '/'), text.lines().findFirst().orElseThrow());
			assertEquals(Cli.expect(0, "model", given.toString()).out(), text.substring(text.indexOf('\n') + 1));
			// the header leads back to the archive: its data traces, not a folder of that name
			assertEquals(Cli.expect(0, "profile", file.toString(), given.toString()).out(), Cli.expect(0, "profile", file.toString()).out());
			assertEquals(Cli.expect(0, "matrix", given.toString(), "--bytes").out(), Cli.expect(0, "matrix", file.toString(), "--bytes").out());
		}
		Cli.Result locals = Cli.expect(0, "nlr", dir.resolve("run").toString(), "-o", dir.resolve("locals").toString());
		assertEquals(dir.resolve("run") + ": 4 local models written to " + dir.resolve("locals") + "\n", locals.out());
		// after the archive's warning (a worker thread left out)
		String nlr = Cli.expect(2, "nlr", written.anchor().toString()).err();
		assertTrue(nlr.endsWith("\nlooptrace nlr: " + written.anchor() + " is an OTF2 archive: expected -o <dir> for its local models\n"), nlr);

		Path unmatched = dir.resolve("unmatched");
		Otf2Archives.write(unmatched, Otf2Archives.UNMATCHED_SEND);
		for (String command : List.of("model", "matrix", "patterns", "diff")) {
			String[] args = command.equals("diff") ? new String[] { command, unmatched.toString(), dir.resolve("run").toString() }
					: new String[] { command, unmatched.toString() };
			String message = Cli.expectUsageError(command, args).err();
			assertTrue(message.startsWith("looptrace " + command + ": " + unmatched + ": inconsistent traces: "), message);
			assertFalse(message.contains(".looptrace"), message);
		}
	}

	/**
	 * A data trace of an archive that does not fit the model (here one made with --calls, whose events
	 * are more than those read without): scan, profile, render --time and matrix --bytes name the
	 * archive's event file, its location and rank, not the data.<rank> the archive was converted into.
	 */
	@Test
	void aDataTraceNotFittingTheModelIsNamedInTheArchive(@TempDir Path dir) throws Exception {
		String run = exchangesInAFunction(dir.resolve("run"));
		// every send of rank 0: with the calls, their positions go past the records read without
		List<String> lines = new ArrayList<>(Cli.expect(0, "model", run, "--calls").out().lines().toList());
		int send = lines.indexOf(lines.stream().filter(line -> line.strip().startsWith("0 send")).findFirst().orElseThrow());
		lines.add(send, lines.get(send).replaceFirst("\\S.*", "get \"t\" {0}.time ->"));
		Path annotated = dir.resolve("annotated.loops");
		Files.write(annotated, lines);
		// a model file made with --calls whose traces line no longer says so (edited by hand)
		Path made = dir.resolve("calls.loops");
		Cli.expect(0, "model", run, "--calls", "-o", made.toString());
		Files.writeString(made, Files.readString(made).replaceFirst(" --calls\n", "\n"));
		String file = made.toString();
		List<String[]> commands = List.of(new String[] { "scan", annotated.toString(), run },
				new String[] { "profile", annotated.toString(), run }, new String[] { "profile", file, run },
				new String[] { "render", file, "-o", dir.resolve("t.svg").toString(), "--time", run },
				new String[] { "matrix", file, "--bytes" });
		for (String[] command : commands) {
			String message = Cli.expectUsageError(command[0], command).err();
			assertFalse(message.contains(".looptrace") || message.contains("data."), message);
			assertTrue(message.startsWith("looptrace " + command[0] + ": " + dir.resolve("run/traces/0.evt") + ": error: location 0 (rank 0, "),
					message);
		}
	}

	/**
	 * A model file made with {@code --calls} says so on its traces line, so that every command reading
	 * its data traces reads the archive with calls without being asked, as with {@code --calls}.
	 */
	@Test
	void aModelFileMadeWithCallsReadsTheArchiveWithCalls(@TempDir Path dir) throws Exception {
		String run = exchangesInAFunction(dir.resolve("run"));
		Path file = dir.resolve("calls.loops");
		Cli.expect(0, "model", run, "--calls", "-o", file.toString());
		List<String> lines = new ArrayList<>(Files.readAllLines(file));
		assertEquals("// traces: run --calls", lines.get(0));
		int send = lines.indexOf(lines.stream().filter(line -> line.strip().startsWith("0 send")).findFirst().orElseThrow());
		lines.add(send, lines.get(send).replaceFirst("\\S.*", "get \"t\" {0}.time ->"));
		Path annotated = dir.resolve("annotated.loops");
		Files.write(annotated, lines);
		String model = annotated.toString();
		assertEquals(Cli.expect(0, "scan", model, run, "--calls").out(), Cli.expect(0, "scan", model, run).out());
		assertEquals(Cli.expect(0, "profile", model, run, "--calls").out(), Cli.expect(0, "profile", model).out());
		assertEquals(Cli.expect(0, "profile", model, run, "--calls").out(), Cli.expect(0, "profile", model, run).out());
		Cli.expect(0, "render", model, "-o", dir.resolve("t.svg").toString(), "--time", run);
		assertEquals("source,destination,messages,bytes\n0,1,6,48\n", Cli.expect(0, "matrix", model, "--bytes", "--csv").out());

		// written into the archive's own folder, the line names it as "."
		Path inside = dir.resolve("run/model.loops");
		Cli.expect(0, "model", run, "--calls", "-o", inside.toString());
		assertTrue(Files.readString(inside).startsWith("// traces: . --calls\n"));
		assertEquals("source,destination,messages,bytes\n0,1,6,48\n", Cli.expect(0, "matrix", inside.toString(), "--bytes", "--csv").out());
	}

	/** An archive of 2 ranks whose 6 messages are each sent and received inside the function {@code exchange}. */
	private static String exchangesInAFunction(Path run) throws Exception {
		StringBuilder spec = new StringBuilder("resolution 1000\nranks 2 0 1\ncomm MPI_COMM_WORLD world\nregion exchange user\n");
		for (int i = 0; i < 6; i++) {
			int t = 10 * i;
			spec.append("0 " + (t + 1) + " enter exchange\n0 " + (t + 2) + " send MPI_COMM_WORLD 1 4 8\n0 " + (t + 3) + " leave exchange\n");
			spec.append("1 " + (t + 4) + " enter exchange\n1 " + (t + 5) + " recv MPI_COMM_WORLD 0 4 8\n1 " + (t + 6) + " leave exchange\n");
		}
		Otf2Archives.write(run, spec.toString());
		return run.toString();
	}
}
