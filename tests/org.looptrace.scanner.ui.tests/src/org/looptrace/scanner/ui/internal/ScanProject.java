// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.Positions;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.Scanner;
import org.looptrace.trace.DataTraceWriter;

/**
 * A workspace project holding an annotated model {@code run.loops} whose {@code // traces:} line
 * names the folder {@code traces} beside it, with random data traces of as many records as the
 * model has events on each rank (three ranks passing a token, {@code rounds} times).
 */
final class ScanProject {

	static final String MODEL = "run.loops";
	static final int RANKS = 3;

	final IProject project;
	final IFile model;
	final IFolder traces;
	final Model parsed;

	private ScanProject(IProject project, IFile model, IFolder traces, Model parsed) {
		this.project = project;
		this.model = model;
		this.traces = traces;
		this.parsed = parsed;
	}

	/** The model text: an annotation on a loop (its first record), on an event, and on a loop's last record. */
	static String text(int rounds, int hops) {
		return """
				// traces: traces
				for i0 = 0 to %d
				  get "round, start" {0,1,2}.time ->
				  for i1 = 0 to %d
				    0 send 1 t
				    0 recv 1 t
				    1 send 2 t
				    1 recv 2 t
				  done
				  get "token" {2}.size ->
				  2 send 0 t
				  2 recv 0 t
				done
				get "end" {0,1}.end <-
				""".formatted(rounds - 1, hops - 1);
	}

	static ScanProject create(String name, int rounds, int hops, long seed) throws CoreException, IOException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
		project.create(null);
		project.open(null);
		String text = text(rounds, hops);
		IFile model = project.getFile(MODEL);
		model.create(text.getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		IFolder traces = project.getFolder("traces");
		traces.create(true, true, null);
		Model parsed = parse(text);
		writeData(parsed, traces.getLocation().toPath(), seed);
		traces.refreshLocal(IResource.DEPTH_INFINITE, null);
		return new ScanProject(project, model, traces, parsed);
	}

	/**
	 * The same run in a folder of the file system, outside the workspace (as File &gt; Open File finds
	 * one): {@code run.loops} and its folder {@code traces}.
	 *
	 * @return the model
	 */
	static Path outside(Path folder, int rounds, int hops, long seed) throws IOException {
		String text = text(rounds, hops);
		Path model = Files.writeString(folder.resolve(MODEL), text);
		Path traces = Files.createDirectories(folder.resolve("traces"));
		writeData(parse(text), traces, seed);
		return model;
	}

	static Model parse(String text) throws IOException {
		try {
			return ModelText.parse(text, MODEL);
		} catch (org.looptrace.lang.ModelTextException e) {
			throw new IOException(e.getMessage(), e);
		}
	}

	private static void writeData(Model model, Path folder, long seed) throws IOException {
		Positions positions = Positions.of(model);
		Random random = new Random(seed);
		for (int rank = 0; rank < RANKS; rank++) {
			try (DataTraceWriter data = DataTraceWriter.create(folder.resolve("data." + rank), List.of("time", "end", "size"))) {
				for (long position = 0; position < positions.events(rank); position++) {
					long time = position * 1000 + random.nextInt(1000);
					data.write(time, time + random.nextInt(500), random.nextInt(1 << 16));
				}
			}
		}
	}

	/** What the headless scanner reads from the traces, in order. */
	List<ScanRecord> headless() throws IOException {
		return headless(parsed, traces.getLocation().toPath());
	}

	private static List<ScanRecord> headless(Model model, Path traces) throws IOException {
		List<ScanRecord> records = new ArrayList<>();
		Scanner.of(model).run(traces, records::add, Progress.NONE);
		return records;
	}

	/** The CSV the headless scanner's records make ({@code looptrace scan -o}). */
	String headlessCsv() throws IOException {
		return headlessCsv(parsed, traces.getLocation().toPath());
	}

	/** The CSV the headless scanner makes of a model and the traces it names. */
	static String headlessCsv(Model model, Path traces) throws IOException {
		StringBuilder csv = new StringBuilder(ScanRecord.CSV_HEADER).append('\n');
		for (ScanRecord record : headless(model, traces)) {
			csv.append(record.toCsv()).append('\n');
		}
		return csv.toString();
	}

	void delete() throws CoreException {
		project.delete(true, true, null);
	}

	static String contents(IFile file) throws CoreException, IOException {
		try (InputStream in = file.getContents(true)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}
}
