// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.Block;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.ScannerGenerator.Language;

/** Generated C and Java scanners, compiled (gcc, the JDK) and run, print exactly what the in-process scan reads. */
class GeneratedScannersTest {

	private record Run(int status, String out, String err) {
	}

	private static Run run(Path directory, List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectOutput(directory.resolve("out.txt").toFile())
				.redirectError(directory.resolve("err.txt").toFile()).start();
		assertTrue(process.waitFor(5, TimeUnit.MINUTES), "still running: " + command);
		return new Run(process.exitValue(), Files.readString(directory.resolve("out.txt"), StandardCharsets.UTF_8),
				Files.readString(directory.resolve("err.txt"), StandardCharsets.UTF_8));
	}

	private static String inProcess(Block model, Path folder) throws IOException {
		StringBuilder out = new StringBuilder(ScanRecord.CSV_HEADER + "\n");
		Scanner.of(model).run(folder, record -> out.append(record.toCsv()).append('\n'), Progress.NONE);
		return out.toString();
	}

	private static String java() {
		return ProcessHandle.current().info().command().orElse("java");
	}

	/** Generates, builds and runs both scanners of a model against a data folder; asserts they print the in-process scan. */
	static void assertGeneratedEqualInProcess(Block model, Path folder, Path work, String name) throws Exception {
		String expected = inProcess(model, folder);
		Scanner scanner = Scanner.of(model);
		Path c = work.resolve("c");
		ScannerGenerator.write(scanner, Language.C, c, true);
		Run make = run(c, List.of("gcc", "-O2", "-Wall", "-Werror", "-o", "scan", "scan.c"));
		assertEquals(0, make.status(), () -> name + ": gcc\n" + make.err() + "\n" + read(c.resolve("scan.c")));
		Run scan = run(c, List.of(c.resolve("scan").toString(), folder.toString()));
		assertEquals(0, scan.status(), () -> name + ": scan\n" + scan.err());
		assertEquals(expected, scan.out(), () -> name + ": C scanner");
		Path java = work.resolve("java");
		ScannerGenerator.write(scanner, Language.JAVA, java, true);
		Run javaScan = run(java, List.of(java(), "Scan.java", folder.toString()));
		assertEquals(0, javaScan.status(), () -> name + ": java Scan.java\n" + javaScan.err() + "\n" + read(java.resolve("Scan.java")));
		assertEquals(expected, javaScan.out(), () -> name + ": Java scanner");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		} catch (IOException e) {
			return e.toString();
		}
	}

	@Test
	void figure8ScannersPrintWhatTheScanReads(@TempDir Path work) throws Exception {
		Model model = Models.parse(Models.example("figure8-lu.loops"));
		Path folder = Files.createDirectories(work.resolve("data"));
		ScannerTest.writeData(model, 6, folder, 8);
		assertGeneratedEqualInProcess(model, folder, work, "figure8-lu");
		String c = Files.readString(work.resolve("c/scan.c"));
		assertTrue(c.contains("for (long long i0 = 0LL; i0 <= 248LL; i0++) {") && c.contains("991LL+644LL*i0"), c);
	}

	@Test
	void randomModelsScannersPrintWhatTheScanReads(@TempDir Path work) throws Exception {
		RandomModels random = new RandomModels(31, 5);
		Path folder = Files.createDirectories(work.resolve("data"));
		List<Block> models = new ArrayList<>();
		while (models.size() < 6) {
			Model model = random.next();
			if (!Scanner.of(model).queries().isEmpty()) {
				models.add(model);
			}
		}
		for (int i = 0; i < models.size(); i++) {
			Block model = models.get(i);
			ScannerTest.writeData(model, 5, folder, i);
			assertGeneratedEqualInProcess(model, folder, work, "random model " + i + ":\n" + ModelPrinter.print(model));
		}
	}

	@Test
	void generatedScannersNameAShortDataTrace(@TempDir Path work) throws Exception {
		Model model = Models.parse(ScannerTest.SENDS);
		Path folder = Files.createDirectories(work.resolve("data"));
		try (var data = org.looptrace.trace.DataTraceWriter.create(folder.resolve("data.0"), List.of("time", "size"))) {
			data.write(1, 2);
		}
		Scanner scanner = Scanner.of(model);
		Path c = work.resolve("c");
		ScannerGenerator.write(scanner, Language.C, c, true);
		assertEquals(0, run(c, List.of("gcc", "-O2", "-o", "scan", "scan.c")).status());
		Run scan = run(c, List.of(c.resolve("scan").toString(), folder.toString()));
		assertEquals(2, scan.status());
		assertTrue(scan.err().contains("data.0: too short: 1 records") && scan.err().contains("reads record 1 at {i0=1}"), scan.err());
	}
}
