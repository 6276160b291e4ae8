// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.progress.IProgressConstants;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Progress;
import org.looptrace.scanner.RecordSink;
import org.looptrace.scanner.ScanCsv;
import org.looptrace.scanner.Scanner;
import org.looptrace.scanner.ScannerGenerator;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.WrittenFiles;

/**
 * A launch of a LoopTrace Scanner configuration: parses the model, compiles its annotations and
 * either scans the data traces (the CSV beside the model or where the configuration says, the records
 * into the Scan Results view) or generates a C or Java scanner into a folder. What it writes into the
 * workspace is refreshed; a model outside the workspace has its outputs beside it. Cancellable; prints a summary or
 * the error (naming the file, the rank and the position) to the LoopTrace Scanner console. An
 * error does not open a dialog: it is in the console, which the launch brings to the front.
 */
final class ScanJob extends Job {

	private final ScanSettings settings;

	ScanJob(String configuration, ScanSettings settings) {
		super(NLS.bind(Messages.ScanJob_name, configuration));
		this.settings = settings;
		setUser(true);
		// The folder written into, not the workspace: builds and edits elsewhere go on during a long scan.
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		if (settings.mode().equals(ScannerUi.MODE_SCAN)) {
			setRule(root.getContainerForLocation(IPath.fromPath(settings.output().getParent())));
		} else {
			IContainer folder = root.getContainerForLocation(IPath.fromPath(settings.scannerFolder()));
			setRule(folder == null ? null : folder.getProject());
		}
		setProperty(IProgressConstants.NO_IMMEDIATE_ERROR_PROMPT_PROPERTY, Boolean.TRUE);
	}

	@Override
	public boolean belongsTo(@Nullable Object family) {
		return family == ScannerUi.JOB_FAMILY;
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		SubMonitor progress = SubMonitor.convert(monitor, getName(), 100);
		ScanConsole console = ScanConsole.show();
		ModelFile modelFile = settings.model();
		boolean scanning = settings.mode().equals(ScannerUi.MODE_SCAN);
		if (scanning) {
			inView(() -> ScanResultsView.scanning(this, modelFile.name()));
		}
		try {
			String text = ScanSettings.text(modelFile);
			Model model = ModelText.parse(text, modelFile.label());
			Scanner scanner = compile(model);
			if (scanner.queries().isEmpty()) {
				return failed(console, NLS.bind(Messages.ScanJob_noAnnotation, modelFile.label()));
			}
			if (scanning) {
				scan(scanner, text, console, progress);
			} else {
				generate(scanner, console, progress.split(100));
			}
			return Status.OK_STATUS;
		} catch (ModelTextException e) {
			return failed(console, NLS.bind(Messages.ScanJob_badModel, modelFile.label(), e.getMessage()));
		} catch (CancellationException | OperationCanceledException e) {
			console.print(NLS.bind(Messages.ScanJob_cancelled, modelFile.label()));
			if (scanning) {
				inView(() -> ScanResultsView.ended(this, NLS.bind(Messages.ScanResultsView_cancelled, modelFile.name())));
			}
			return Status.CANCEL_STATUS;
		} catch (IOException | UncheckedIOException | CoreException | ScanSettings.Invalid e) {
			return failed(console, e.getMessage() == null ? e.toString() : e.getMessage());
		}
	}

	/** The scanner of the model's annotations; an annotation with nothing to attach to is a model error. */
	private static Scanner compile(Model model) throws ModelTextException {
		try {
			return Scanner.of(model);
		} catch (IllegalArgumentException e) {
			throw new ModelTextException(List.of(String.valueOf(e.getMessage())));
		}
	}

	private IStatus failed(ScanConsole console, String message) {
		console.error(message);
		if (settings.mode().equals(ScannerUi.MODE_SCAN)) {
			inView(() -> ScanResultsView.ended(this, NLS.bind(Messages.ScanResultsView_failed, settings.model().name())));
		}
		return ScanSettings.error(message, null);
	}

	/** Updates the Scan Results view in the UI thread, when there is a workbench (not in headless tests). */
	private static void inView(Runnable update) {
		if (PlatformUI.isWorkbenchRunning()) {
			Display.getDefault().asyncExec(update);
		}
	}

	/** Scans the data traces for the model {@code text}: an archive read as the model was made from it. */
	private void scan(Scanner scanner, String text, ScanConsole console, SubMonitor progress) throws IOException, CoreException {
		Path wanted = settings.output();
		Path file = WrittenFiles.target(wanted);
		console.print(NLS.bind(Messages.ScanJob_scanning, new Object[] { settings.model().label(), settings.traces(), scanner.ranks().size() }));
		// an archive is converted first (once: while it does not change, its trace folder is reused)
		TraceSource traces = TraceSource.forModel(settings.traces(), text, false, Runtime.getRuntime().availableProcessors(),
				new MonitorProgress(progress.split(20), getName()));
		AtomicWrite.recover(file.getParent()).forEach(console::print);
		ScanResults read = new ScanResults(settings.model().name());
		read.attributes(scanner.queries().stream().map(Scanner.Query::annotation).toList());
		MessageDigest digest = WrittenFiles.digest();
		long start = System.nanoTime(); // the scan and the CSV, not parsing the model (the first parse loads the language)
		// a failed or cancelled scan leaves the previous CSV as it was
		AtomicWrite.file(file, out -> {
			ScanCsv csv = new ScanCsv(scanner, new DigestOutputStream(out, digest));
			// ScanRecords only for the records the view keeps: the CSV of 10^8 records is written from primitives.
			RecordSink kept = scanner.recordsTo(read::add);
			traces.read(folder -> {
				scanner.run(folder, (query, rank, position, value, indices, depth) -> {
					csv.record(query, rank, position, value, indices, depth);
					String label = scanner.label(query);
					if (read.keeps(label)) {
						kept.record(query, rank, position, value, indices, depth);
					} else {
						read.countOnly(label);
					}
				}, new MonitorProgress(progress.split(75), getName()));
				return folder;
			});
			csv.finish();
		}, Progress.cancelledWhen(progress::isCanceled));
		ModelViews.refresh(file);
		WrittenFiles.mark(file, WrittenFiles.hash(digest));
		long millis = (System.nanoTime() - start) / 1_000_000;
		console.print(NLS.bind(Messages.ScanJob_scanned, new Object[] { read.total(), String.format("%.3f", millis / 1000.0), ModelViews.label(file) }));
		for (String label : read.labels()) {
			console.print(NLS.bind(Messages.ScanJob_label, label, read.count(label)));
		}
		if (!file.equals(wanted)) {
			console.print(NLS.bind(Messages.ScanJob_keptEdited, ModelViews.label(wanted), ModelViews.label(file)));
		}
		inView(() -> ScanResultsView.show(read));
	}

	/**
	 * Generates the scanner's files into its folder, then lets the workspace see them: each written
	 * whole, or replaced through the workspace, which keeps the former one in the local history.
	 */
	private void generate(Scanner scanner, ScanConsole console, SubMonitor progress) throws CoreException, IOException {
		ScannerGenerator.Language language = settings.mode().equals(ScannerUi.MODE_GENERATE_C) ? ScannerGenerator.Language.C
				: ScannerGenerator.Language.JAVA;
		Map<String, String> files = ScannerGenerator.generate(scanner, language);
		Path folder = WrittenFiles.target(settings.scannerFolder(), files.keySet());
		progress.setWorkRemaining(files.size() + 1);
		Files.createDirectories(folder);
		Map<String, String> written = new LinkedHashMap<>();
		for (Map.Entry<String, String> entry : files.entrySet()) {
			byte[] bytes = entry.getValue().getBytes(StandardCharsets.UTF_8);
			WrittenFiles.write(folder.resolve(entry.getKey()), bytes, progress.split(1));
			written.put(entry.getKey(), WrittenFiles.hash(bytes));
		}
		ModelViews.refreshFolder(folder, progress.split(1));
		for (Map.Entry<String, String> hash : written.entrySet()) {
			WrittenFiles.mark(folder.resolve(hash.getKey()), hash.getValue());
		}
		console.print(NLS.bind(language == ScannerGenerator.Language.C ? Messages.ScanJob_generatedC : Messages.ScanJob_generatedJava,
				new Object[] { ModelViews.label(folder), String.join(", ", files.keySet()), settings.traces() }));
		if (!folder.equals(settings.scannerFolder())) {
			console.print(NLS.bind(Messages.ScanJob_keptEdited, ModelViews.label(settings.scannerFolder()), ModelViews.label(folder)));
		}
	}
}
