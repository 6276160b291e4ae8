// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.core.runtime.preferences.IEclipsePreferences.IPreferenceChangeListener;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWindowListener;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchListener;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.FileEditorInput;
import org.looptrace.analysis.collectives.Occurrence;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.MonitorProgress;

/**
 * Info markers on the sends of the patterns of a model: "these 14 sends resemble MPI_Bcast from
 * rank 3 ...", in the Problems view and in the model editor. Put by the patterns analysis of the
 * model's saved text: when an editor opens a model without current markers, and whenever the
 * Patterns view analyses it. Persistent resource markers: they last when the editor closes and
 * across sessions, until the model's content changes (then removed, and those of the new text put
 * when an editor has it open), the analysis runs again (then replaced), or they are switched off
 * ({@link PatternPreferences#EDITOR_MARKERS}). Each marker holds the modification stamp of the text
 * it describes, so markers of a text changed while the workbench was closed go at start. A
 * resource change listener rather than the builder: the builder only runs for projects with the
 * LoopTrace nature, while any model the user opens gets markers.
 */
final class PatternMarkers implements IResourceChangeListener, IPartListener2, IWindowListener, IWorkbenchListener {

	/** The marker type, in plugin.xml. */
	static final String MARKER = "org.looptrace.analysis.ui.pattern";
	/** The marker attribute holding the construct path of the send. */
	static final String CONSTRUCT = "construct";
	/** The marker attribute holding the modification stamp of the text the marker describes (a string: a long). */
	static final String STAMP = "modelStamp";
	/** The marker attribute holding whether messages were grouped by call context. */
	static final String CONTEXT = "useContext";
	/** The family of the jobs that compute markers, for tests to wait on. */
	static final Object JOB_FAMILY = MARKER;

	private final IWorkbench workbench;
	/** The job of each model, in the UI thread. */
	private final Map<IFile, Job> jobs = new HashMap<>();
	private final IPreferenceChangeListener preferences;

	PatternMarkers(IWorkbench workbench) {
		this.workbench = workbench;
		this.preferences = event -> workbench.getDisplay().asyncExec(this::updateAll);
	}

	/** Starts following the editors and the workspace; in the UI thread. */
	void install() {
		ResourcesPlugin.getWorkspace().addResourceChangeListener(this, IResourceChangeEvent.POST_CHANGE);
		workbench.addWindowListener(this);
		workbench.addWorkbenchListener(this);
		for (IWorkbenchWindow window : workbench.getWorkbenchWindows()) {
			windowOpened(window);
		}
		PatternPreferences.node().addPreferenceChangeListener(preferences);
		updateAll();
	}

	@Override
	public boolean preShutdown(@Nullable IWorkbench closing, boolean forced) {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(this);
		PatternPreferences.node().removePreferenceChangeListener(preferences);
		jobs.values().forEach(Job::cancel);
		return true;
	}

	@Override
	public void postShutdown(@Nullable IWorkbench closed) {
		// the listeners are gone already
	}

	/** Updates the markers of every open model, and of every model that has some (at start, after an option changed). */
	private void updateAll() {
		Set<IFile> models = new LinkedHashSet<>();
		for (IWorkbenchWindow window : workbench.getWorkbenchWindows()) {
			for (IWorkbenchPage page : window.getPages()) {
				for (IEditorReference editor : page.getEditorReferences()) {
					IFile model = modelOf(editor);
					if (model != null) {
						models.add(model);
					}
				}
			}
		}
		try {
			for (IMarker marker : ResourcesPlugin.getWorkspace().getRoot().findMarkers(MARKER, false, IResource.DEPTH_INFINITE)) {
				if (marker.getResource() instanceof IFile model) {
					models.add(model);
				}
			}
		} catch (CoreException e) {
			// the workspace root is always there
		}
		models.forEach(this::update);
	}

	@Override
	public void resourceChanged(@Nullable IResourceChangeEvent event) {
		IResourceDelta root = event == null ? null : event.getDelta();
		if (root == null) {
			return;
		}
		List<IFile> changed = new ArrayList<>();
		try {
			root.accept(delta -> {
				if (delta.getResource() instanceof IFile file && "loops".equals(file.getFileExtension())
						&& (delta.getKind() == IResourceDelta.ADDED || delta.getKind() == IResourceDelta.CHANGED
								&& (delta.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0)) {
					changed.add(file);
				}
				return true;
			});
		} catch (CoreException e) {
			return; // the visitor throws nothing
		}
		if (!changed.isEmpty() && !workbench.getDisplay().isDisposed()) {
			workbench.getDisplay().asyncExec(() -> changed.forEach(this::update));
		}
	}

	/**
	 * Brings the markers of a model up to date; in the UI thread. Switched off: none. Markers of
	 * another text, or of another grouping by call context, are removed, and those of the saved
	 * text put when an editor has the model open or it had markers of the same text.
	 */
	void update(IFile model) {
		Job previous = jobs.remove(model);
		if (previous != null) {
			previous.cancel();
		}
		if (!model.exists()) {
			return; // its markers went with it
		}
		boolean useContext = PatternPreferences.get(PatternPreferences.USE_CONTEXT);
		IMarker[] markers = markersOf(model);
		boolean sameText = markers.length > 0 && isOf(markers[0], model.getModificationStamp());
		boolean current = sameText && markers[0].getAttribute(CONTEXT, !useContext) == useContext;
		boolean wanted = PatternPreferences.get(PatternPreferences.EDITOR_MARKERS) && (isOpen(model) || sameText);
		if (wanted ? current : markers.length == 0) {
			return;
		}
		Job job = new MarkersJob(model, wanted, useContext);
		jobs.put(model, job);
		job.addJobChangeListener(new JobChangeAdapter() {
			@Override
			public void done(@Nullable IJobChangeEvent event) {
				workbench.getDisplay().asyncExec(() -> jobs.remove(model, job));
			}
		});
		job.schedule();
	}

	private static IMarker[] markersOf(IFile model) {
		try {
			return model.findMarkers(MARKER, false, IResource.DEPTH_ZERO);
		} catch (CoreException e) {
			return new IMarker[0]; // the model is gone: so are its markers
		}
	}

	/** Whether a marker describes the text of the modification stamp. */
	static boolean isOf(IMarker marker, long stamp) {
		return Long.toString(stamp).equals(marker.getAttribute(STAMP, ""));
	}

	private boolean isOpen(IFile model) {
		for (IWorkbenchWindow window : workbench.getWorkbenchWindows()) {
			for (IWorkbenchPage page : window.getPages()) {
				if (page.findEditors(new FileEditorInput(model), null, IWorkbenchPage.MATCH_INPUT).length > 0) {
					return true;
				}
			}
		}
		return false;
	}

	private static @Nullable IFile modelOf(IWorkbenchPartReference part) {
		if (!(part instanceof IEditorReference editor)) {
			return null;
		}
		try {
			IEditorInput input = editor.getEditorInput();
			IFile model = input == null ? null : input.getAdapter(IFile.class);
			return model != null && "loops".equals(model.getFileExtension()) ? model : null;
		} catch (PartInitException e) {
			return null;
		}
	}

	@Override
	public void partOpened(@Nullable IWorkbenchPartReference part) {
		IFile model = part == null ? null : modelOf(part);
		if (model != null) {
			update(model);
		}
	}

	@Override
	public void windowOpened(@Nullable IWorkbenchWindow window) {
		if (window != null) {
			window.getPartService().addPartListener(this);
		}
	}

	@Override
	public void windowClosed(@Nullable IWorkbenchWindow window) {
		if (window != null) {
			window.getPartService().removePartListener(this);
		}
	}

	@Override
	public void windowActivated(@Nullable IWorkbenchWindow window) {
		// markers follow editors and files, not windows
	}

	@Override
	public void windowDeactivated(@Nullable IWorkbenchWindow window) {
		// markers follow editors and files, not windows
	}

	/** The line (from 1) of an offset of a text. */
	static int line(String text, int offset) {
		int line = 1;
		for (int i = 0; i < offset && i < text.length(); i++) {
			if (text.charAt(i) == '\n') {
				line++;
			}
		}
		return line;
	}

	/** The attributes of the markers of a model text: one per send of each occurrence. */
	static List<Map<String, Object>> markers(PatternsData patterns) {
		String text = patterns.text();
		List<Map<String, Object>> markers = new ArrayList<>();
		if (text == null) {
			return markers;
		}
		for (Occurrence occurrence : patterns.found().occurrences()) {
			String message = patterns.markerMessage(occurrence);
			for (String path : occurrence.constructs()) {
				TextRange range = patterns.ranges().get(path);
				if (range != null) {
					markers.add(Map.of(IMarker.SEVERITY, IMarker.SEVERITY_INFO, IMarker.MESSAGE, message, IMarker.LINE_NUMBER,
							line(text, range.offset()), IMarker.CHAR_START, range.offset(), IMarker.CHAR_END,
							range.offset() + range.length(), CONSTRUCT, path, CONTEXT, patterns.useContext()));
				}
			}
		}
		return markers;
	}

	/**
	 * Replaces the markers of a model with those of the patterns found in its text of modification
	 * stamp {@code stamp}; nothing when the model's text is no longer that one: the newer text has
	 * markers of its own coming ({@link #update(IFile)} follows every change). Any thread.
	 */
	static void put(IFile model, long stamp, PatternsData patterns, @Nullable IProgressMonitor monitor) throws CoreException {
		List<Map<String, Object>> markers = markers(patterns);
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		workspace.run(m -> {
			if (model.exists() && model.getModificationStamp() == stamp) {
				model.deleteMarkers(MARKER, false, IResource.DEPTH_ZERO);
				for (Map<String, Object> marker : markers) {
					Map<String, Object> attributes = new HashMap<>(marker);
					attributes.put(STAMP, Long.toString(stamp));
					model.createMarker(MARKER, attributes);
				}
			}
		}, workspace.getRuleFactory().markerRule(model), IWorkspace.AVOID_UPDATE, monitor);
	}

	/**
	 * After the patterns analysis of a model's text (in the Patterns view): its markers become those
	 * of the patterns found, when that text is the one saved and markers are on. Any thread.
	 */
	static void analysed(IFile model, String text, PatternsData patterns, @Nullable IProgressMonitor monitor) {
		if (!PatternPreferences.get(PatternPreferences.EDITOR_MARKERS)) {
			return;
		}
		try {
			long stamp = model.getModificationStamp();
			if (ModelViews.read(model).equals(text)) {
				put(model, stamp, patterns, monitor);
			}
		} catch (CoreException | IOException e) {
			// the view shows the patterns all the same; the markers stay those of the last analysis
		}
	}

	/** Removes the markers of a model, then puts those of its saved text when wanted. */
	private static final class MarkersJob extends Job {

		private final IFile model;
		private final boolean wanted;
		private final boolean useContext;

		MarkersJob(IFile model, boolean wanted, boolean useContext) {
			super(NLS.bind(Messages.PatternMarkersJob_name, model.getFullPath()));
			this.model = model;
			this.wanted = wanted;
			this.useContext = useContext;
			setSystem(true);
			setPriority(DECORATE);
		}

		@Override
		public boolean belongsTo(@Nullable Object family) {
			return family == JOB_FAMILY;
		}

		@Override
		protected IStatus run(@Nullable IProgressMonitor monitor) {
			IWorkspace workspace = ResourcesPlugin.getWorkspace();
			try {
				long stamp = model.getModificationStamp();
				// the markers of another text go at once, not once the new ones are found
				workspace.run(m -> {
					if (model.exists()) {
						model.deleteMarkers(MARKER, false, IResource.DEPTH_ZERO);
					}
				}, workspace.getRuleFactory().markerRule(model), IWorkspace.AVOID_UPDATE, monitor);
				if (!wanted || !model.exists()) {
					return Status.OK_STATUS;
				}
				PatternsData patterns = PatternsData.ofModel(ModelViews.read(model), model.getName(), useContext,
						new MonitorProgress(monitor, getName()));
				if (monitor != null && monitor.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				put(model, stamp, patterns, monitor);
				return Status.OK_STATUS;
			} catch (CancellationException | OperationCanceledException e) {
				return Status.CANCEL_STATUS;
			} catch (ModelTextException | IllegalStateException e) {
				return Status.OK_STATUS; // the editor shows what is wrong with the model
			} catch (CoreException | IOException e) {
				return model.exists() ? Status.warning(e.getMessage(), e) : Status.OK_STATUS;
			}
		}
	}
}
