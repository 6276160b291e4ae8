// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.filesystem.IFileStore;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.FileStoreEditorInput;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.progress.IWorkbenchSiteProgressService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.model.core.Progress;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.internal.Messages;

/**
 * What the views of a model file share (the matrix, timeline and patterns views): the model of an
 * editor, a file's text, jobs and their updates, CSV export, refreshing what they write, selecting
 * a construct in the model editor.
 */
public final class ModelViews {

	private ModelViews() {
	}

	/**
	 * A model file: where it is in the file system, and the workspace file it is, if any. A model
	 * opened with File &gt; Open File from outside the workspace has none: it has no markers, and its
	 * folder in the file system stands for its container.
	 *
	 * @param location where it is
	 * @param file     the workspace file, or null outside the workspace
	 */
	public record ModelFile(Path location, @Nullable IFile file) {

		/**
		 * A model file of the workspace.
		 *
		 * @throws IOException when it is not on the local file system
		 */
		public static ModelFile of(IFile file) throws IOException {
			IPath location = file.getLocation();
			if (location == null) {
				throw new IOException(Messages.ModelViews_notLocal);
			}
			return new ModelFile(location.toPath(), file);
		}

		/** The model file an editor edits, or null when its input is no file of the local file system. */
		public static @Nullable ModelFile of(IEditorInput input) {
			IFile file = input.getAdapter(IFile.class);
			if (file != null) {
				IPath location = file.getLocation();
				return location == null ? null : new ModelFile(location.toPath(), file);
			}
			URI uri = input instanceof IURIEditorInput opened ? opened.getURI() : null;
			return uri != null && EFS.SCHEME_FILE.equals(uri.getScheme()) ? new ModelFile(Path.of(uri), null) : null;
		}

		/**
		 * The model file an absolute path of the file system names, as a launch configuration keeps a
		 * model outside the workspace; null when the path names no file.
		 */
		public static @Nullable ModelFile atLocation(String path) {
			try {
				Path file = Path.of(path);
				return file.isAbsolute() && Files.isRegularFile(file) ? new ModelFile(file.normalize(), null) : null;
			} catch (InvalidPathException e) {
				return null;
			}
		}

		/** Its name, such as {@code halo.loops}. */
		public String name() {
			IFile workspaceFile = file;
			return workspaceFile != null ? workspaceFile.getName() : String.valueOf(location.getFileName());
		}

		/** Its name without its extension, which the names of its exports start with. */
		public String stem() {
			return name().replaceFirst("\\.[^.]*$", "");
		}

		/** How messages name it: its path in the workspace, else in the file system. */
		public String label() {
			IFile workspaceFile = file;
			return workspaceFile != null ? workspaceFile.getFullPath().toString() : location.toString();
		}

		/** Its text as saved, in its charset (the workspace's outside the workspace). */
		public String read() throws CoreException, IOException {
			IFile workspaceFile = file;
			if (workspaceFile != null) {
				return ModelViews.read(workspaceFile);
			}
			String charset = ResourcesPlugin.getWorkspace().getRoot().getDefaultCharset();
			return Files.readString(location, Charset.forName(charset, StandardCharsets.UTF_8));
		}

		/** The input of the editors open on it. */
		public IEditorInput editorInput() {
			IFile workspaceFile = file;
			return workspaceFile != null ? new FileEditorInput(workspaceFile) : new FileStoreEditorInput(store());
		}

		private IFileStore store() {
			return EFS.getLocalFileSystem().getStore(location.toUri());
		}

		/** Opens an editor on it, the one its name or content calls for. */
		IEditorPart open(IWorkbenchPage page, boolean activate) throws PartInitException {
			IFile workspaceFile = file;
			return workspaceFile != null ? IDE.openEditor(page, workspaceFile, activate)
					: page.openEditor(editorInput(), IDE.getEditorDescriptorForFileStore(store(), true).getId(), activate);
		}
	}

	/**
	 * The model text of an editor and its caret.
	 *
	 * @param editor the editor
	 * @param model  the model file it edits, in the workspace or not
	 * @param text   the text in the editor, saved or not
	 * @param caret  the offset of the caret
	 */
	public record EditorModel(ITextEditor editor, ModelFile model, String text, int caret) {
	}

	/**
	 * The model of a {@code .loops} text editor and its caret, or null for any other part or
	 * selection. A selection in the Outline stands for the caret of the editor it outlines, which the
	 * Outline moved to the construct selected: the views follow the Outline as they follow the caret.
	 * The editor's file may be outside the workspace (File &gt; Open File).
	 */
	public static @Nullable EditorModel editorModel(@Nullable IWorkbenchPart part, @Nullable ISelection selection) {
		if (part != null && IPageLayout.ID_OUTLINE.equals(part.getSite().getId())) {
			IEditorPart outlined = part.getSite().getPage().getActiveEditor();
			ISelectionProvider caret = outlined == null ? null : outlined.getSite().getSelectionProvider();
			return caret == null ? null : editorModel(outlined, caret.getSelection());
		}
		if (!(part instanceof ITextEditor editor) || !(selection instanceof ITextSelection caret)) {
			return null;
		}
		IEditorInput input = editor.getEditorInput();
		ModelFile model = input == null || !input.getName().endsWith(".loops") ? null : ModelFile.of(input);
		IDocument document = editor.getDocumentProvider() == null ? null : editor.getDocumentProvider().getDocument(input);
		if (model == null || document == null) {
			return null;
		}
		return new EditorModel(editor, model, document.get(), caret.getOffset());
	}

	/** The text of a file as saved, in its charset. */
	public static String read(IFile model) throws CoreException, IOException {
		try (InputStream in = model.getContents(true)) {
			return new String(in.readAllBytes(), Charset.forName(model.getCharset(), StandardCharsets.UTF_8));
		}
	}

	/**
	 * The traces of a model as the views read its data traces ({@link TraceSource#ofModel}): a trace
	 * folder, or an archive, converted first when it is new or changed, its ranks in parallel. Called in
	 * a view's job: the conversion reports to {@code progress} and stops when it is cancelled.
	 *
	 * @param modelFile where the model is, for the traces its {@code // traces:} line or folder names
	 * @throws IOException naming the archive, and for an event its location and rank, when it cannot be
	 *                     read, or saying what to install when libotf2 is missing
	 */
	public static TraceSource traces(Path modelFile, String text, Progress progress) throws IOException {
		return TraceSource.ofModel(modelFile, text, false, Runtime.getRuntime().availableProcessors(), progress);
	}

	/** Schedules a job of a view, shown busy in the view. */
	public static void schedule(IWorkbenchPartSite site, Job job) {
		job.setPriority(Job.SHORT);
		IWorkbenchSiteProgressService service = site.getService(IWorkbenchSiteProgressService.class);
		if (service != null) {
			service.schedule(job);
		} else {
			job.schedule();
		}
	}

	/** Lets the workspace see a file written into it; nothing to do for a file outside the workspace. */
	public static void refresh(Path written) {
		for (IFile file : ResourcesPlugin.getWorkspace().getRoot().findFilesForLocationURI(written.toUri())) {
			try {
				file.refreshLocal(IResource.DEPTH_ZERO, null);
			} catch (CoreException e) {
				// the file is written; the workspace notices it at its next refresh
			}
		}
	}

	/**
	 * Lets the workspace see a folder written into it, and all it holds, with the folders made for it;
	 * nothing to do for a folder outside the workspace.
	 */
	public static void refreshFolder(Path written, @Nullable IProgressMonitor monitor) throws CoreException {
		for (IContainer folder : ResourcesPlugin.getWorkspace().getRoot().findContainersForLocationURI(written.toUri())) {
			IResource top = folder;
			while (top.getParent() != null && !top.getParent().exists()) {
				top = top.getParent();
			}
			top.refreshLocal(IResource.DEPTH_INFINITE, monitor);
		}
	}

	/** How messages name a file or folder: its path in the workspace when the workspace has it, else in the file system. */
	public static String label(Path location) {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		IResource[] found = root.findFilesForLocationURI(location.toUri());
		if (found.length == 0) {
			found = root.findContainersForLocationURI(location.toUri());
		}
		return found.length == 0 || found[0] instanceof IWorkspaceRoot ? location.toString() : found[0].getFullPath().toString();
	}

	/**
	 * The requests of a view for what its jobs compute, and the updates the jobs make in the UI
	 * thread: an update of a request older than the latest, or after the view's control is gone, is
	 * dropped (a job cancelled too late, a view closed).
	 */
	public static final class Updates {

		/** The latest request, in the UI thread. */
		private long latest;

		/** A new request (in the UI thread): from now on the updates of older requests are dropped. */
		public long request() {
			return ++latest;
		}

		/** Runs an update of a request in the UI thread of a view's control, unless a newer request was made or the control is gone. */
		public void async(@Nullable Control control, long request, Runnable update) {
			if (control == null || control.isDisposed()) {
				return;
			}
			control.getDisplay().asyncExec(() -> {
				if (!control.isDisposed() && request == latest) {
					update.run();
				}
			});
		}
	}

	/**
	 * Where to write an export: a file and the index of the filter chosen with it.
	 *
	 * @param file   the file
	 * @param filter the index of the filter (of the extensions offered)
	 */
	public record Target(String file, int filter) {
	}

	/**
	 * Asks where to write a view's export (the dialog asks before replacing a file).
	 *
	 * @param fileName   the name proposed
	 * @param folder     the folder proposed (in the file system), or null
	 * @param extensions the filters offered, such as {@code *.csv}
	 * @param names      their names, or null to show the filters themselves
	 * @return the file chosen, or null when cancelled
	 */
	public static @Nullable Target exportTarget(Shell shell, String title, String fileName, @Nullable Path folder,
			String[] extensions, String @Nullable [] names) {
		FileDialog dialog = new FileDialog(shell, SWT.SAVE);
		dialog.setText(title);
		dialog.setFilterExtensions(extensions);
		if (names != null) {
			dialog.setFilterNames(names);
		}
		dialog.setFileName(fileName);
		if (folder != null) {
			dialog.setFilterPath(folder.toString());
		}
		dialog.setOverwrite(true); // the dialog asks before replacing a file
		String chosen = dialog.open();
		return chosen == null ? null : new Target(chosen, dialog.getFilterIndex());
	}

	/** The first lines of a message, an ellipsis for the rest. */
	public static String firstLines(@Nullable String message, int most) {
		List<String> lines = message == null ? List.of() : message.lines().toList();
		return lines.size() <= most ? String.join("\n", lines) : String.join("\n", lines.subList(0, most)) + "\n\u2026";
	}

	/** The text editor open on a model file, opening one when there is none; null when the file opens in no text editor. */
	public static @Nullable ITextEditor editor(IWorkbenchPage page, ModelFile model, boolean activate) throws PartInitException {
		ITextEditor editor = null;
		for (IEditorReference reference : page.findEditors(model.editorInput(), null, IWorkbenchPage.MATCH_INPUT)) {
			if (reference.getEditor(true) instanceof ITextEditor open) {
				editor = open;
			}
		}
		if (editor == null && model.open(page, activate) instanceof ITextEditor opened) {
			editor = opened;
		}
		if (editor != null) {
			if (activate) {
				page.activate(editor);
			} else {
				page.bringToTop(editor);
			}
		}
		return editor;
	}

	/**
	 * Selects text of a model file in its editor (opening it if needed), as the views reveal a
	 * construct. An activated editor makes the views following its caret (the timeline) show the
	 * selection too.
	 *
	 * @return the editor, or null when the file opens in no text editor
	 */
	public static @Nullable ITextEditor reveal(IWorkbenchPage page, ModelFile model, int offset, int length, boolean activate)
			throws PartInitException {
		ITextEditor editor = editor(page, model, activate);
		if (editor != null) {
			editor.selectAndReveal(offset, length);
		}
		return editor;
	}
}
