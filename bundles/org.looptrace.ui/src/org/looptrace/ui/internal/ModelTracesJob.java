// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceRuleFactory;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ICoreRunnable;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.MultiRule;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.osgi.framework.FrameworkUtil;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.nlr.LocalModelCache;
import org.looptrace.nlr.Nlr;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.trace.Diagnostic;
import org.looptrace.trace.ReplayTags;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.TraceFormatException;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.trace.otf2.TraceCheck;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.WrittenFiles;

/**
 * Builds the global model of a trace folder of the workspace into its {@code model.loops}, as a
 * cancellable job with progress, with the options of {@link ModellingPreferences}: ranks in
 * parallel, merged as they come, local models of unchanged ranks reused. The problems of the traces
 * become markers at their file and line, those {@code looptrace check} reports ({@link TraceCheck}) in
 * its words and severities; a folder holding an OTF2 archive is read as its trace
 * folder ({@link TraceSource}), the archive's warnings marked on its anchor; the traces of a replay
 * are modelled with the model's tags when the folder holds the replay's table of tags, their problems
 * marked on the replay's own trace files, those of the table at its line.
 *
 * <p>A model the user edited (its content is not what a job last wrote) is replaced only when the
 * user asked for it ({@code replaceEdited}, kept in the local history); otherwise the new model is
 * written beside it, into {@code model.new.loops}, and a marker on the edited model says so.
 */
public final class ModelTracesJob extends Job {

	/**
	 * The problems marked per file, as {@code looptrace check} shows 10: enough to see what is wrong,
	 * not so many that a huge broken trace floods the Problems view; a note says how many more there are.
	 */
	public static final int MARKERS_PER_FILE = 100;

	private final IContainer folder;
	private final boolean replaceEdited;

	public ModelTracesJob(IContainer folder, boolean replaceEdited) {
		super(NLS.bind(Messages.ModelTracesJob_name, folder.getFullPath().makeRelative()));
		this.folder = folder;
		this.replaceEdited = replaceEdited;
		IResourceRuleFactory rules = ResourcesPlugin.getWorkspace().getRuleFactory();
		List<ISchedulingRule> writes = new ArrayList<>();
		for (IFile file : List.of(file(LoopTraceUi.MODEL_FILE), file(LoopTraceUi.NEW_MODEL_FILE))) {
			writes.add(rules.createRule(file));
			writes.add(rules.modifyRule(file));
		}
		writes.add(rules.markerRule(folder));
		setRule(MultiRule.combine(writes.toArray(ISchedulingRule[]::new)));
		setUser(true);
	}

	@Override
	public boolean belongsTo(@Nullable Object family) {
		return LoopTraceUi.MODEL_JOB_FAMILY.equals(family);
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		@Nullable TraceCheck checked = null;
		try {
			IPath location = folder.getLocation();
			if (location == null) {
				return Status.error(NLS.bind(Messages.ModelTracesJob_notLocal, folder.getFullPath()));
			}
			deleteMarkers(location.toPath());
			ModellingPreferences options = ModellingPreferences.of(folder.getProject());
			MonitorProgress progress = new MonitorProgress(monitor, getName());
			TraceSource source = TraceSource.open(location.toPath(), false, options.threads(), progress);
			checked = TraceCheck.of(source, MARKERS_PER_FILE, progress);
			mark(checked);
			Path modelled = withTags(location.toPath(), source.folder());
			TraceFolder traces;
			LocalModelCache cache = options.cache() ? cache(location.toPath(), options) : null;
			Model model;
			try {
				traces = TraceFolder.open(modelled);
				// merged as the ranks come, as the CLI does: a few partial models in memory, not every local one
				model = Pipeline.modelRankByRank(traces,
						(rank, localProgress) -> Nlr.modelRank(traces, rank, options.nlr(), localProgress, cache),
						Pipeline.REDUCE_PHASE, new MergeOptions(options.threads()), progress, phase -> {
							// the IDE shows progress, not phase times
						});
			} catch (TraceFormatException e) {
				throw new TraceFormatException(located(e.diagnostic(), source, modelled), e);
			} catch (InconsistentTraceException e) {
				throw source.explained(e);
			}
			write(ModelPrinter.print(model), monitor);
			// the counts tell a user (and the tests) what the cache saved
			return new Status(IStatus.OK, LoopTraceUi.BUNDLE_ID, NLS.bind(Messages.ModelTracesJob_done,
					cache == null ? 0 : cache.reused(), cache == null ? traces.ranks() : cache.computed()));
		} catch (CancellationException e) {
			return Status.CANCEL_STATUS;
		} catch (TraceFormatException e) {
			return marked(e.getMessage(), checked, () -> mark(e.diagnostic()));
		} catch (InconsistentTraceException e) {
			return marked(NLS.bind(Messages.ModelTracesJob_inconsistent, folder.getFullPath().makeRelative(), e.getMessage()),
					checked, () -> markFolder(IMarker.SEVERITY_ERROR, e.getMessage()));
		} catch (IOException | CoreException e) {
			return Status.error(NLS.bind(Messages.ModelTracesJob_failed, folder.getFullPath().makeRelative(), e.getMessage()), e);
		}
	}

	/**
	 * Deletes what the last run put on the folder and its files, and on the files of an archive it
	 * holds: the event files of its locations, where errors about their events are, lie one level down.
	 */
	private void deleteMarkers(Path location) throws CoreException, IOException {
		folder.deleteMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_ONE);
		folder.deleteMarkers(LoopTraceUi.MODEL_KEPT_MARKER, false, IResource.DEPTH_ONE);
		Optional<Path> anchor = Otf2Archive.anchorOf(location);
		for (Path file : anchor.isPresent() ? Otf2Archive.files(anchor.get()) : List.<Path>of()) {
			IFile member = folder.getFile(IPath.fromOSString(location.relativize(file).toString()));
			if (member.exists()) {
				member.deleteMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_ZERO);
			}
		}
	}

	/**
	 * An error status for a problem of the traces, after putting its marker where it is unless the check
	 * of the traces found errors: modelling stops at one of those or at what follows from them, and
	 * they are marked already.
	 */
	private static IStatus marked(String message, @Nullable TraceCheck checked, MarkerAction marking) {
		try {
			if (checked == null || !checked.hasErrors()) {
				marking.run();
			}
			return Status.error(message);
		} catch (CoreException e) {
			return Status.error(NLS.bind(Messages.ModelTracesJob_markerFailed, message, e.getMessage()), e);
		}
	}

	@FunctionalInterface
	private interface MarkerAction {
		void run() throws CoreException;
	}

	/** The cache of the folder's local models, in the workspace's state. */
	private static LocalModelCache cache(Path traceFolder, ModellingPreferences options) {
		return LocalModelCache.at(state("local-models", traceFolder), Nlr.cacheConfiguration(options.nlr()));
	}

	/**
	 * The traces to model: those of the folder as they are, or, when it holds the table of a replay's
	 * tags ({@link ReplayTags#FILE}, docs/REPLAY.md), copies with the model's tags in the workspace's state.
	 */
	private static Path withTags(Path location, Path traces) throws IOException {
		Path table = location.resolve(ReplayTags.FILE);
		if (!Files.isRegularFile(table)) {
			return traces;
		}
		return ReplayTags.readFile(table).restoreInto(traces, state("replay-tags", location));
	}

	/**
	 * A problem of the traces modelled, where the user finds it: a copy with the model's tags is the
	 * job's, so the problem is the traces' own file at the same line (restoring tags keeps every line
	 * where it is); a file an archive was written into is the archive's event file ({@link TraceSource#located}).
	 */
	private static Diagnostic located(Diagnostic diagnostic, TraceSource source, Path modelled) throws IOException {
		Path file = diagnostic.file().toAbsolutePath().normalize();
		Diagnostic inSource = diagnostic;
		if (!modelled.equals(source.folder()) && modelled.toAbsolutePath().normalize().equals(file.getParent())) {
			inSource = new Diagnostic(diagnostic.severity(), source.folder().resolve(file.getFileName()), diagnostic.line(),
					diagnostic.column(), diagnostic.message());
		}
		return source.located(List.of(inSource)).get(0);
	}

	/** What the job keeps of a trace folder, in the workspace's state: the folder holds only the user's files. */
	private static Path state(String area, Path traceFolder) {
		IPath state = Platform.getStateLocation(FrameworkUtil.getBundle(ModelTracesJob.class));
		String key = WrittenFiles.hash(traceFolder.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
		return state.toPath().resolve(area).resolve(key);
	}

	/** Into model.loops, unless the user edited it and did not ask to replace it: then beside it. */
	private void write(String text, @Nullable IProgressMonitor monitor) throws CoreException {
		IFile model = file(LoopTraceUi.MODEL_FILE);
		IFile target = !replaceEdited && WrittenFiles.isEdited(model) ? file(LoopTraceUi.NEW_MODEL_FILE) : model;
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		if (target.exists()) {
			target.setContents(new ByteArrayInputStream(bytes), IResource.KEEP_HISTORY, monitor);
		} else {
			target.create(new ByteArrayInputStream(bytes), IResource.NONE, monitor);
		}
		// derived: Eclipse warns before an edit, version control can leave it out
		target.setDerived(true, monitor);
		WrittenFiles.mark(target, WrittenFiles.hash(bytes));
		if (target != model) {
			IMarker marker = model.createMarker(LoopTraceUi.MODEL_KEPT_MARKER);
			marker.setAttribute(IMarker.SEVERITY, IMarker.SEVERITY_WARNING);
			marker.setAttribute(IMarker.MESSAGE,
					NLS.bind(Messages.ModelTracesJob_keptEdited, LoopTraceUi.MODEL_FILE, LoopTraceUi.NEW_MODEL_FILE));
		} else {
			IFile stale = file(LoopTraceUi.NEW_MODEL_FILE);
			if (stale.exists() && !WrittenFiles.isEdited(stale)) {
				stale.delete(true, monitor);
			}
		}
	}

	private IFile file(String name) {
		return folder.getFile(IPath.fromOSString(name));
	}

	/**
	 * Every problem of the check, as {@code looptrace check} reports it, in one change of the workspace:
	 * a huge broken trace gives {@link #MARKERS_PER_FILE} markers per file and a note of how many more.
	 */
	private void mark(TraceCheck checked) throws CoreException {
		ResourcesPlugin.getWorkspace().run((ICoreRunnable) unused -> {
			for (Diagnostic diagnostic : checked.all()) {
				mark(diagnostic);
			}
			Optional<String> cause = checked.missingReceives();
			if (cause.isPresent()) {
				// why messages are missing, beside the errors about them
				markFolder(IMarker.SEVERITY_INFO, cause.get());
			}
		}, null, IWorkspace.AVOID_UPDATE, null);
	}

	/** A marker on the trace file the diagnostic names, at its line; on the folder otherwise. */
	private void mark(Diagnostic diagnostic) throws CoreException {
		IResource target = folder;
		if (diagnostic.file() != null) {
			IFile[] files = ResourcesPlugin.getWorkspace().getRoot()
					.findFilesForLocationURI(diagnostic.file().toAbsolutePath().toUri());
			if (files.length > 0) {
				target = files[0];
			}
		}
		IMarker marker = target.createMarker(LoopTraceUi.TRACE_PROBLEM_MARKER);
		marker.setAttribute(IMarker.SEVERITY, switch (diagnostic.severity()) {
		case ERROR -> IMarker.SEVERITY_ERROR;
		case WARNING -> IMarker.SEVERITY_WARNING;
		case NOTE -> IMarker.SEVERITY_INFO;
		});
		marker.setAttribute(IMarker.MESSAGE, diagnostic.message());
		if (diagnostic.line() > 0) {
			marker.setAttribute(IMarker.LINE_NUMBER, (int) Math.min(Integer.MAX_VALUE, diagnostic.line()));
		}
	}

	private void markFolder(int severity, String message) throws CoreException {
		IMarker marker = folder.createMarker(LoopTraceUi.TRACE_PROBLEM_MARKER);
		marker.setAttribute(IMarker.SEVERITY, severity);
		marker.setAttribute(IMarker.MESSAGE, message);
	}
}
