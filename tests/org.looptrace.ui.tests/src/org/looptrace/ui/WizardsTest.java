// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Otf2Archives;
import org.looptrace.testsupport.Projection;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Patterns;
import org.looptrace.trace.otf2.Otf2Archive;
import org.looptrace.ui.internal.wizards.ExampleProjectWizard;
import org.looptrace.ui.internal.wizards.ImportTraceFolderWizard;
import org.looptrace.ui.internal.wizards.TraceFolderImport;
import org.looptrace.ui.testsupport.Workbench;

/** The two wizards: an example project that gets modelled, and the import of a trace folder. */
class WizardsTest {

	private final IProject examples = ResourcesPlugin.getWorkspace().getRoot().getProject("LoopTrace Examples");
	private final IProject imported = ResourcesPlugin.getWorkspace().getRoot().getProject("imported");

	@AfterEach
	void deleteProjects() throws CoreException {
		for (IProject project : List.of(examples, imported)) {
			if (project.exists()) {
				project.delete(true, true, null);
			}
		}
	}

	@Test
	void theExampleProjectHoldsTheShippedRunsAndTheirModels() throws Exception {
		ExampleProjectWizard wizard = new ExampleProjectWizard();
		wizard.init(PlatformUI.getWorkbench(), null);
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		try {
			assertTrue(wizard.canFinish(), "the wizard needs nothing but its default name");
			assertTrue(wizard.performFinish());
		} finally {
			dialog.close();
		}
		assertTrue(examples.hasNature(LoopTraceUi.NATURE_ID));
		assertTrue(Arrays.stream(examples.getDescription().getBuildSpec())
				.anyMatch(command -> LoopTraceUi.MODEL_BUILDER_ID.equals(command.getBuilderName())), "no builder of the models");
		WorkspaceBuilderTest.waitForModels();
		for (String run : List.of("ring-8", "halo-16", "wavefront-16", "masterworker-8", "solver-16", "random-6")) {
			IFile model = examples.getFolder(run).getFile(LoopTraceUi.MODEL_FILE);
			assertTrue(model.exists(), "no model of " + run);
			assertTrue(WorkspaceBuilderTest.contents(model).contains("send"), run);
		}
		assertTrue(examples.getFile("models/figure8.loops").exists());
		// the broken run shows what a bad trace looks like: a marker, no model
		IFolder broken = examples.getFolder("broken");
		assertFalse(broken.getFile(LoopTraceUi.MODEL_FILE).exists());
		assertTrue(broken.findMarkers(LoopTraceUi.TRACE_PROBLEM_MARKER, false, IResource.DEPTH_ONE).length > 0);
	}

	@Test
	void importCopiesTheRunFilesAndExpandsCompressedTraces(@TempDir Path source) throws Exception {
		Patterns.write(Patterns.create("ring", 3, 4, 1), source, Progress.NONE);
		byte[] trace0 = Files.readAllBytes(source.resolve("trace.0"));
		try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(source.resolve("trace.0.gz")))) {
			out.write(trace0);
		}
		Files.delete(source.resolve("trace.0"));
		Files.writeString(source.resolve("notes.txt"), "the user's own file");
		imported.create(null);
		imported.open(null);

		new TraceFolderImport(source, imported.getFolder("expanded"), true).run(null);
		IFolder expanded = imported.getFolder("expanded");
		assertArrayEquals(trace0, bytes(expanded.getFile("trace.0")));
		assertArrayEquals(Files.readAllBytes(source.resolve("trace.2")), bytes(expanded.getFile("trace.2")));
		assertFalse(expanded.getFile("notes.txt").exists(), "only run files are imported");

		new TraceFolderImport(source, imported.getFolder("kept"), false).run(null);
		assertArrayEquals(Files.readAllBytes(source.resolve("trace.0.gz")),
				bytes(imported.getFolder("kept").getFile("trace.0.gz")));
		assertEquals(Arrays.asList("trace.0.gz", "trace.1", "trace.2"),
				Arrays.stream(imported.getFolder("kept").members()).map(IResource::getName).filter(n -> n.startsWith("trace"))
						.sorted().toList());

		CoreException again = assertThrows(CoreException.class,
				() -> new TraceFolderImport(source, imported.getFolder("kept"), false).run(null));
		assertTrue(again.getMessage().contains("exists"), again.getMessage());
	}

	@Test
	void importCopiesAnOtf2ArchiveWhole(@TempDir Path dir) throws Exception {
		Path source = dir.resolve("scorep-run");
		Otf2Archives.Written written = Otf2Archives.program(RandomPrograms.traces(4, 7), source);
		Files.writeString(source.resolve("notes.txt"), "the user's own file");
		imported.create(null);
		imported.open(null);
		new TraceFolderImport(source, imported.getFolder("run"), false).run(null);

		Path copy = imported.getFolder("run").getLocation().toPath();
		List<String> copied;
		try (Stream<Path> files = Files.walk(copy)) {
			copied = files.filter(Files::isRegularFile).map(file -> copy.relativize(file).toString()).sorted().toList();
		}
		List<String> archive;
		try (Stream<Path> files = Files.walk(source)) {
			archive = files.filter(Files::isRegularFile).map(file -> source.relativize(file).toString())
					.filter(name -> !name.equals("notes.txt")).sorted().toList();
		}
		assertEquals(archive, copied, "the archive's files, the user's left where they are");
		for (String name : copied) {
			assertArrayEquals(Files.readAllBytes(source.resolve(name)), Files.readAllBytes(copy.resolve(name)), name);
		}
		TraceFolder traces = Otf2Archive.open(copy).traceFolder(false, 1, Progress.NONE);
		for (int rank = 0; rank < 4; rank++) {
			assertEquals(written.expected().get(rank), Projection.events(traces, rank), "rank " + rank + " of the imported archive");
		}
	}

	@Test
	void importRefusesAFolderWithoutTraces(@TempDir Path source) throws Exception {
		Files.writeString(source.resolve("notes.txt"), "no traces here");
		imported.create(null);
		imported.open(null);
		CoreException error = assertThrows(CoreException.class,
				() -> new TraceFolderImport(source, imported.getFolder("none"), false).run(null));
		assertTrue(error.getMessage().contains(source.toString()), error.getMessage());
		assertFalse(imported.getFolder("none").exists());
	}

	@Test
	void theImportWizardOpensIncompleteUntilAFolderIsChosen() {
		ImportTraceFolderWizard wizard = new ImportTraceFolderWizard();
		wizard.init(PlatformUI.getWorkbench(), null);
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		try {
			assertFalse(wizard.canFinish());
		} finally {
			dialog.close();
		}
	}

	/**
	 * Opened without a selection of its own (as from the Welcome page), the wizard imports into the
	 * project selected in the Project Explorer; the folder name follows the source folder as it is
	 * typed, until the user types a name of his own.
	 */
	@Test
	void theImportWizardFollowsTheExplorerAndTheTypedSource() throws Exception {
		imported.create(null);
		imported.open(null);
		IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
		IViewPart explorer = page.showView(IPageLayout.ID_PROJECT_EXPLORER);
		((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(imported));
		ImportTraceFolderWizard wizard = new ImportTraceFolderWizard();
		wizard.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		try {
			List<Text> fields = Workbench.texts(wizard.getPages()[0].getControl());
			Text source = fields.get(0);
			Text into = fields.get(1);
			Text name = fields.get(2);
			assertEquals(imported.getName(), into.getText());
			String typed = "/tmp/x/otf/run1";
			for (int end = 1; end <= typed.length(); end++) {
				source.setText(typed.substring(0, end)); // as typed, a character at a time
			}
			assertEquals("run1", name.getText());
			name.setText("mine");
			source.setText("/tmp/x/otf/run2");
			assertEquals("mine", name.getText(), "the name the user typed is kept");
			name.setText("");
			source.setText("/tmp/x/otf/run3");
			assertEquals("run3", name.getText(), "an emptied name follows the source again");
		} finally {
			dialog.close();
		}
	}

	private static byte[] bytes(IFile file) throws CoreException, IOException {
		try (InputStream in = file.getContents(true)) {
			return in.readAllBytes();
		}
	}
}
