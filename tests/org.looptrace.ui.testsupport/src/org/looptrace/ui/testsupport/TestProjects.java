// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.Stream;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.looptrace.trace.TraceFolder;

/** The projects a test makes in the workspace, the files it writes there, the examples it copies. */
public final class TestProjects {

	private TestProjects() {
	}

	/** The trace files of a run, written into a folder. */
	@FunctionalInterface
	public interface Traces {
		/** Writes the trace files into {@code folder}. */
		void writeTo(Path folder) throws IOException;
	}

	/** The handle of a project of the workspace, which {@link #create(IProject)} makes. */
	public static IProject project(String name) {
		return ResourcesPlugin.getWorkspace().getRoot().getProject(name);
	}

	/** Creates and opens a project of the workspace. */
	public static void create(IProject project) throws CoreException {
		project.create(null);
		project.open(null);
	}

	/**
	 * Closes every editor (changes dropped) and the views given, then deletes a project with its
	 * contents: what a test leaves behind.
	 */
	public static void delete(IProject project, String... viewIds) throws CoreException {
		IWorkbenchPage page = Workbench.page();
		page.closeAllEditors(false);
		for (String id : viewIds) {
			IViewPart view = page.findView(id);
			if (view != null) {
				page.hideView(view);
			}
		}
		project.delete(true, true, null);
	}

	/** Writes text (UTF-8) into a file, creating it or replacing its contents. */
	public static IFile write(IFile file, String text) throws CoreException {
		ByteArrayInputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
		if (file.exists()) {
			file.setContents(in, IResource.FORCE, null);
		} else {
			file.create(in, true, null);
		}
		return file;
	}

	/** Writes text (UTF-8) into a file of a folder or project, created or replaced. */
	public static IFile write(IContainer container, String name, String text) throws CoreException {
		return write(container.getFile(IPath.fromOSString(name)), text);
	}

	/** Copies a file of the file system (an example model) into a folder or project, under its name. */
	public static IFile copy(Path file, IContainer container) throws CoreException, IOException {
		return write(container, Objects.requireNonNull(file.getFileName()).toString(), Files.readString(file));
	}

	/** A run in a new folder: its trace files, which the workspace sees. */
	public static IFolder traceFolder(IContainer parent, String name, Traces traces) throws CoreException, IOException {
		IFolder folder = parent.getFolder(IPath.fromOSString(name));
		folder.create(true, true, null);
		traces.writeTo(folder.getLocation().toPath());
		folder.refreshLocal(IResource.DEPTH_INFINITE, null);
		return folder;
	}

	/** The text of a file as saved, read as UTF-8. */
	public static String text(IFile file) throws CoreException, IOException {
		try (InputStream in = file.getContents(true)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/**
	 * A run in a new folder: its trace files, and the model {@code looptrace model} writes beside
	 * them ({@code model.loops}), which the workspace sees.
	 *
	 * @param cli the entry point of the command line
	 * @return the model
	 */
	public static IFile modelledRun(IContainer parent, String name, Traces traces, CliOutput.Main cli)
			throws CoreException, IOException {
		IFolder folder = traceFolder(parent, name, traces);
		Path location = folder.getLocation().toPath();
		model(location, cli);
		folder.refreshLocal(IResource.DEPTH_ONE, null);
		IFile model = folder.getFile("model.loops");
		assertTrue(model.exists(), "no model in " + location);
		return model;
	}

	/**
	 * A run outside the workspace, as File &gt; Open File finds one: the run files of an example
	 * copied into a folder of the file system, and the model {@code looptrace model} writes beside
	 * them ({@code model.loops}).
	 *
	 * @return the model
	 */
	public static Path modelledRun(Path example, Path folder, CliOutput.Main cli) throws IOException {
		try (Stream<Path> files = Files.list(example)) {
			for (Path file : files.filter(TraceFolder::isRunFile).toList()) {
				Files.copy(file, folder.resolve(file.getFileName()));
			}
		}
		return model(folder, cli);
	}

	/** Models the run of a folder of the file system into its {@code model.loops}; the model. */
	private static Path model(Path folder, CliOutput.Main cli) {
		Path model = folder.resolve("model.loops");
		CliOutput.of(cli, "model", folder.toString(), "-o", model.toString());
		return model;
	}

	/**
	 * The examples of the repository: the folder the system property {@code looptrace.examples}
	 * names (the pom of a test bundle sets it), by default {@code ../../examples}.
	 */
	public static Path examples() {
		Path examples = Path.of(System.getProperty("looptrace.examples", "../../examples"));
		assertTrue(Files.isDirectory(examples.resolve("models")), "no examples at " + examples.toAbsolutePath());
		return examples;
	}
}
